"""The composition root, shared by the entry point (`bot.__main__`) and the tests: the
stores over one Redis, the use cases with the outbox they tell, the worker, and
the dispatcher with the services its handlers ask for. Everything is wired here,
once; nothing is patched onto an object after it is built."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime

from aiogram import Bot, Dispatcher

from bot.game.advice import Advisor
from bot.game.bots import Players
from bot.game.finisher import Finisher
from bot.game.forget import Forgetting, PersonalData
from bot.game.games import Games, utcnow
from bot.game.groups import GroupGames
from bot.game.hints import Hints
from bot.game.history import History
from bot.game.matches import Matches
from bot.game.notify import Alarm, Facts
from bot.game.stats import Stats
from bot.game.worker import Rhythm, Worker
from bot.store import keys
from bot.store.chats import ChatMarks
from bot.store.choices import Choices, ChoiceStore
from bot.store.client import RedisClient
from bot.store.confirmations import Confirmations
from bot.store.finished import FinishedMatches
from bot.store.games import GameStore
from bot.store.history import HistoryStore
from bot.store.languages import Languages, LanguageStore
from bot.store.messages import MessageStore
from bot.store.outbox import Outboxes
from bot.store.personal import PersonalKeys
from bot.store.schedule import Schedule
from bot.store.stats import StatsStore
from bot.store.updates import UpdateClaims
from bot.telegram.admission import Admission
from bot.telegram.dispatcher import Services, create_dispatcher
from bot.telegram.middlewares import GroupConversation, InFlight, Once
from bot.telegram.observe import Liveness, UpdateMetrics
from bot.telegram.outbox.calls import Calls
from bot.telegram.outbox.jobs import Jobs
from bot.telegram.outbox.notifier import Outbox
from bot.telegram.outbox.pace import Limits
from bot.telegram.outbox.replies import Replies
from bot.telegram.ports import Look
from bot.telegram.render.stats import RecordsLine
from bot.telegram.show.group import StoreLookups
from bot.tokens import new_token
from texts import Texts

Sleep = Callable[[float], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Pacing:
    """Every setting of the bot's pace: Telegram's limits per chat and for the bot, how
    long a sender holds a chat between two signs of life (a dead process's chats are
    taken over that long after), and the worker's rhythm."""

    limits: Limits = field(default_factory=Limits)
    lease: float = 3.0
    rhythm: Rhythm = field(default_factory=Rhythm)


@dataclass(frozen=True, slots=True)
class App:
    """The parts that serve updates: the dispatcher, and the worker to run beside it."""

    dispatcher: Dispatcher
    in_flight: InFlight  # the updates being handled, for a graceful stop
    worker: Worker
    games: Games
    matches: Matches
    outbox: Outbox  # every chat's outbox: what the use cases tell after each change
    store: GameStore
    replies: Replies
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
    wait: Sleep | None = None,
    liveness: Liveness | None = None,
    webhook: bool = False,
    look: Look = Look.PICTURE,
) -> App:
    """Everything that serves one bot over one Redis (`liveness`: the one the bot's
    session reports its polls to; `now`, `sleep` (a pause before a call is tried again)
    and `wait` (a chat's wait for its turn): tests move time by hand; `webhook`: updates
    come by webhook; `look`: how a chat that chose none sees its games)."""
    pacing = pacing or Pacing()
    liveness = liveness or Liveness()
    clock: Callable[[], datetime] = now or utcnow
    waits = {"sleep": sleep} if sleep is not None else {}

    # The stores; a save marks its chat's outbox in the same step.
    outboxes = Outboxes(redis, new_token(), pacing.lease, lambda: clock().timestamp())
    store = GameStore(redis, outboxes=outboxes)
    schedule = Schedule(redis)
    records = MessageStore(redis)
    chats = ChatMarks(redis)
    stats_store = StatsStore(redis)
    history_store = HistoryStore(redis)
    languages = Languages(LanguageStore(redis))
    looks = Choices(ChoiceStore(redis, keys.look))
    rights = Choices(ChoiceStore(redis, keys.rights))

    # The outbox: every call to Telegram on the bot's own, game messages and replies.
    calls = Calls(bot, **waits)
    stats = Stats(stats_store)
    alarm = Alarm()
    facts = Facts(alarm)
    lookups = StoreLookups(chats, store, RecordsLine(stats))
    jobs = Jobs(
        store.load, records, texts, looks, look, lookups, calls.bot_link, outboxes.clock, rights
    )
    turns = {"sleep": wait} if wait is not None else {}
    outbox = Outbox(outboxes, jobs, calls, chats, facts, pacing.limits, **turns)
    replies = Replies(outbox, calls, records, chats, texts)

    # The use cases, telling the outbox after each change.
    games = Games(store, outbox, alarm=alarm, rng=rng, now=clock)
    advisor = Advisor(players)
    matches = Matches(games, players, advisor)
    groups = GroupGames(games, replies.reach)
    history = History(history_store)
    finisher = Finisher(games, FinishedMatches(redis), [history, stats])
    worker = Worker(
        games, matches, schedule, alarm, facts, outboxes, clock, pacing.rhythm, finisher
    )

    # Everything kept about a person outside a game's own record (which expires with the
    # game): /forgetme erases it from each.
    personal_data: list[PersonalData] = [
        stats_store,
        history_store,
        PersonalKeys(redis),
        languages,
        looks,
    ]
    services = Services(
        games=games,
        matches=matches,
        hints=Hints(games, advisor),
        groups=groups,
        replies=replies,
        confirmations=Confirmations(redis),
        history=history,
        stats=stats,
        forgetting=Forgetting(personal_data),
        languages=languages,
        looks=looks,
        rights=rights,
        default_look=look,
        texts=texts,
    )
    in_flight = InFlight()
    # Counted first, so that an update's time includes waiting for its turn and its
    # claim; the updates in flight include those waiting for them. An update is claimed
    # before anything else reads Redis for it.
    first = (
        UpdateMetrics(liveness),
        in_flight,
        Admission(texts, in_reply=webhook),
        Once(UpdateClaims(redis)),
        GroupConversation(chats),
    )
    return App(
        create_dispatcher(services, first, webhook=webhook),
        in_flight,
        worker,
        games,
        matches,
        outbox,
        store,
        replies,
        finisher,
        history,
        stats,
        schedule,
        liveness,
    )
