"""Wiring shared by the entry point and the tests: the bot with its defaults and its
retry on flood control, the dispatcher with its routers and middlewares, the group
pacer, and the command menus per language."""

from __future__ import annotations

from dataclasses import dataclass

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.base import BaseSession
from aiogram.enums import ParseMode
from aiogram.types import BotCommand, BotCommandScopeAllGroupChats
from aiogram.utils.callback_answer import CallbackAnswerMiddleware

from bot.delivery import Delivery
from bot.groups import GroupService
from bot.handlers import routers
from bot.handlers.errors import COMMANDS
from bot.handlers.group import GROUP_COMMANDS
from bot.messages import MessageStore
from bot.middlewares import LanguageMiddleware, RefusalMiddleware
from bot.pacing import Pace, Pacer
from bot.retry import RetryAfterMiddleware, Sleep
from bot.service import GameService
from texts import Texts


def create_bot(token: str, session: BaseSession | None = None, sleep: Sleep | None = None) -> Bot:
    """A bot that sends HTML, never shows link previews in game messages, and retries
    a request Telegram answers with 429 after the wait it asks for (`sleep`: tests)."""
    bot = Bot(
        token=token,
        session=session,
        default=DefaultBotProperties(parse_mode=ParseMode.HTML, link_preview_is_disabled=True),
    )
    retry = RetryAfterMiddleware() if sleep is None else RetryAfterMiddleware(sleep)
    bot.session.middleware(retry)
    return bot


@dataclass(frozen=True, slots=True)
class App:
    """The parts that serve updates: the dispatcher, and the pacer to run beside it."""

    dispatcher: Dispatcher
    pacer: Pacer


def create_app(bot: Bot, service: GameService, texts: Texts, pace: Pace | None = None) -> App:
    """The dispatcher and the pacer over one store, for one bot."""
    messages = MessageStore(service.storage.redis)
    groups = GroupService(service)
    pacer = Pacer(bot, service, groups, messages, texts, pace)
    delivery = Delivery(messages, texts, pacer.poke)
    return App(create_dispatcher(service, texts, groups, delivery), pacer)


def create_dispatcher(
    service: GameService, texts: Texts, groups: GroupService, delivery: Delivery
) -> Dispatcher:
    """Routers, middlewares, and the dependencies handlers ask for by name
    (`service`, `groups`, `delivery`, `texts`; `lang` and `t` come from `LanguageMiddleware`)."""
    dp = Dispatcher(service=service, groups=groups, delivery=delivery, texts=texts)
    dp.update.outer_middleware(LanguageMiddleware(service.storage, texts))
    # Every press gets exactly one answer, errors included: the answer middleware sends
    # it last, and the refusal middleware inside it fills in the alert text.
    for observer in (dp.callback_query, dp.message):
        if observer is dp.callback_query:
            observer.middleware(CallbackAnswerMiddleware())
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
