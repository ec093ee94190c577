"""Wiring shared by the entry point and the tests: the bot with its defaults and its
retry on flood control, the stores over one Redis, the use cases, the outbox and the
worker, the dispatcher with its routers, middlewares and the dependencies handlers
ask for by name, and the command menus per language."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

import aiogram.methods
from aiogram import BaseMiddleware, Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.base import BaseSession
from aiogram.enums import ParseMode
from aiogram.methods.base import Response, TelegramMethod
from aiogram.types import BotCommand, BotCommandScopeAllGroupChats
from aiogram.utils.callback_answer import CallbackAnswerMiddleware

from bot.game.bots import Players
from bot.game.forget import Forgetting, PersonalData
from bot.game.games import Games
from bot.game.groups import GroupGames
from bot.game.history import History
from bot.game.stats import Stats
from bot.store.chats import ChatMarks
from bot.store.client import RedisClient
from bot.store.confirmations import Confirmations
from bot.store.finished import FinishedMatches
from bot.store.games import GameStore
from bot.store.history import HistoryStore
from bot.store.messages import MessageStore
from bot.store.pace import Limits, Pace
from bot.store.personal import PersonalKeys
from bot.store.schedule import Schedule
from bot.store.stats import StatsStore
from bot.store.updates import UpdateClaims
from bot.telegram.finisher import Finisher
from bot.telegram.handlers import routers
from bot.telegram.handlers.errors import COMMANDS
from bot.telegram.handlers.group import GROUP_COMMANDS
from bot.telegram.languages import Languages
from bot.telegram.middlewares import (
    GroupConversation,
    InFlight,
    LanguageMiddleware,
    Once,
    RefusalMiddleware,
)
from bot.telegram.observe import CallMetrics, Liveness, UpdateMetrics
from bot.telegram.outbox import Outbox, Timing
from bot.telegram.retry import RetryAfterMiddleware, Sleep
from bot.telegram.stats import RecordsLine
from bot.telegram.worker import Rhythm, Worker
from texts import Texts

# Updates handled at once; more wait for a free slot (aiogram's own limit), so that a
# crowd pressing together queues instead of exhausting the Redis pool.
CONCURRENT_UPDATES = 64


def _response_types() -> list[type]:
    """aiogram reads every answer as `Response[<the method's result type>]`, a pydantic
    generic made on the spot. Pydantic keeps such a class only while something else
    refers to it: once the garbage collector has taken it, the next answer builds it
    again, schema and all, which cost about a third of an update's CPU over HTTP.
    Referring to each one once, here, keeps them all."""
    return [
        Response[method.__returning__]  # type: ignore[name-defined]
        for method in vars(aiogram.methods).values()
        if isinstance(method, type)
        and issubclass(method, TelegramMethod)
        and method is not TelegramMethod
    ]


RESPONSE_TYPES = _response_types()


def create_bot(
    token: str,
    session: BaseSession | None = None,
    sleep: Sleep | None = None,
    liveness: Liveness | None = None,
) -> Bot:
    """A bot that sends HTML, never shows link previews in game messages, retries a
    request Telegram answers with 429 after the wait it asks for (`sleep`: tests), and
    counts every request for /metrics (and its polls in `liveness`, for /healthz)."""
    bot = Bot(
        token=token,
        session=session,
        default=DefaultBotProperties(parse_mode=ParseMode.HTML, link_preview_is_disabled=True),
    )
    retry = RetryAfterMiddleware() if sleep is None else RetryAfterMiddleware(sleep)
    bot.session.middleware(retry)
    # Inside the retry (registered after it): each attempt is counted.
    bot.session.middleware(CallMetrics(liveness))
    return bot


@dataclass(frozen=True, slots=True)
class Pacing:
    """Every setting of the bot's pace: Telegram's limits per chat and for the bot, the
    outbox's timing and the worker's rhythm."""

    limits: Limits = field(default_factory=Limits)
    timing: Timing = field(default_factory=Timing)
    rhythm: Rhythm = field(default_factory=Rhythm)


@dataclass(frozen=True, slots=True)
class App:
    """The parts that serve updates: the dispatcher, and the worker to run beside it."""

    dispatcher: Dispatcher
    in_flight: InFlight  # the updates being handled, for a graceful stop
    worker: Worker
    games: Games
    store: GameStore
    outbox: Outbox
    finisher: Finisher  # its keepers record each finished match once
    history: History  # the chats' last matches (one of the finisher's keepers)
    stats: Stats  # the records (one of the finisher's keepers)
    schedule: Schedule  # the due and live games (the live ones are counted for /metrics)
    liveness: Liveness  # whether updates come (for /healthz)


def create_app(
    bot: Bot,
    redis: RedisClient,
    players: Players,
    texts: Texts,
    pacing: Pacing | None = None,
    *,
    rng: random.Random | None = None,
    now: Callable[[], datetime] | None = None,
    sleep: Sleep | None = None,
    liveness: Liveness | None = None,
) -> App:
    """Everything that serves one bot over one Redis (`liveness`: the one the bot's
    session reports its polls to)."""
    pacing = pacing or Pacing()
    liveness = liveness or Liveness()
    store = GameStore(redis)
    clock = {"now": now} if now is not None else {}
    games = Games(store, players, rng=rng, **clock)
    groups = GroupGames(games, store)
    schedule = Schedule(redis)
    chats = ChatMarks(redis)
    stats_store = StatsStore(redis)
    stats = Stats(stats_store)
    outbox = Outbox(
        bot,
        MessageStore(redis),
        chats,
        schedule,
        Pace(redis, pacing.limits),
        texts,
        groups,
        games.now,
        timing=pacing.timing,
        **({"sleep": sleep} if sleep is not None else {}),
        epilogue=RecordsLine(stats),  # a group's line about its records, after the result
    )
    history_store = HistoryStore(redis)
    history = History(history_store)
    finisher = Finisher(games, FinishedMatches(redis), [history, stats])
    worker = Worker(games, schedule, outbox, games.now, pacing.rhythm, finisher)
    store.on_due = worker.poke
    store.on_finished = worker.record_finished
    outbox.on_wait = worker.poke
    in_flight = InFlight()
    # The updates in flight include those waiting for their claim; an update is claimed
    # before anything else reads Redis for it.
    # Counted first, so that an update's time includes waiting for its claim.
    first = (
        UpdateMetrics(liveness),
        in_flight,
        Once(UpdateClaims(redis)),
        GroupConversation(chats),
    )
    languages = Languages(store)
    # Everything kept about a person outside a game's own record (which expires with the
    # game): /forgetme erases it from each.
    personal_data: list[PersonalData] = [
        stats_store,
        history_store,
        PersonalKeys(redis),
        languages,
    ]
    dispatcher = create_dispatcher(
        texts,
        languages,
        games,
        groups,
        outbox,
        Confirmations(redis),
        history,
        stats,
        Forgetting(personal_data),
        first,
    )
    return App(
        dispatcher,
        in_flight,
        worker,
        games,
        store,
        outbox,
        finisher,
        history,
        stats,
        schedule,
        liveness,
    )


def create_dispatcher(
    texts: Texts,
    languages: Languages,
    games: Games,
    groups: GroupGames,
    outbox: Outbox,
    confirmations: Confirmations,
    history: History,
    stats: Stats,
    forgetting: Forgetting,
    first: tuple[BaseMiddleware, ...] = (),
) -> Dispatcher:
    """Routers, middlewares (`first`: the outer ones that come before all others), and
    the dependencies handlers ask for by name (`games`, `groups`, `outbox`,
    `confirmations`, `history`, `stats`, `forgetting`, `languages`, `texts`; `lang` and
    `t` come from `LanguageMiddleware`)."""
    # No FSM: every game lives in the store, and aiogram's FSM middleware would cost each
    # update a context it never reads.
    dp = Dispatcher(
        games=games,
        groups=groups,
        outbox=outbox,
        confirmations=confirmations,
        history=history,
        stats=stats,
        forgetting=forgetting,
        languages=languages,
        texts=texts,
        disable_fsm=True,
    )
    for middleware in first:
        dp.update.outer_middleware(middleware)
    dp.update.outer_middleware(LanguageMiddleware(languages, texts))
    # Every press gets exactly one answer, errors included: the answer middleware sends
    # it last, and the refusal middleware inside it fills in the alert text.
    dp.callback_query.middleware(CallbackAnswerMiddleware())
    for observer in (dp.callback_query, dp.message):
        observer.middleware(RefusalMiddleware())
    dp.include_routers(*routers())
    return dp


def bot_commands(texts: Texts, lang: str, commands: tuple[str, ...] = COMMANDS) -> list[BotCommand]:
    return [BotCommand(command=c, description=texts.get(lang, f"cmd-{c}")) for c in commands]


async def register_commands(bot: Bot, texts: Texts) -> None:
    """The command menus, private and in groups, in each language and in the default
    one for everyone else."""
    groups = BotCommandScopeAllGroupChats()
    for lang in (None, *texts.languages):
        shown = lang or texts.default
        await bot.set_my_commands(bot_commands(texts, shown), language_code=lang)
        await bot.set_my_commands(
            bot_commands(texts, shown, GROUP_COMMANDS), scope=groups, language_code=lang
        )
