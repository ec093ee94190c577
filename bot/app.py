"""Wiring shared by the entry point and the tests: the dispatcher with its routers
and middlewares, the bot's defaults, and the command menus per language."""

from __future__ import annotations

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.base import BaseSession
from aiogram.enums import ParseMode
from aiogram.types import BotCommand
from aiogram.utils.callback_answer import CallbackAnswerMiddleware

from bot.handlers import routers
from bot.handlers.errors import COMMANDS
from bot.middlewares import LanguageMiddleware, RefusalMiddleware
from bot.service import GameService
from texts import Texts


def create_bot(token: str, session: BaseSession | None = None) -> Bot:
    """A bot that sends HTML and never shows link previews in game messages."""
    return Bot(
        token=token,
        session=session,
        default=DefaultBotProperties(parse_mode=ParseMode.HTML, link_preview_is_disabled=True),
    )


def create_dispatcher(service: GameService, texts: Texts) -> Dispatcher:
    """Routers, middlewares, and the dependencies handlers ask for by name
    (`service`, `texts`; `lang` and `t` come from `LanguageMiddleware`)."""
    dp = Dispatcher(service=service, texts=texts)
    dp.update.outer_middleware(LanguageMiddleware(service.storage, texts))
    # Every press gets exactly one answer, errors included: the answer middleware sends
    # it last, and the refusal middleware inside it fills in the alert text.
    for observer in (dp.callback_query, dp.message):
        if observer is dp.callback_query:
            observer.middleware(CallbackAnswerMiddleware())
        observer.middleware(RefusalMiddleware())
    dp.include_routers(*routers())
    return dp


def bot_commands(texts: Texts, lang: str) -> list[BotCommand]:
    return [BotCommand(command=c, description=texts.get(lang, f"cmd-{c}")) for c in COMMANDS]


async def register_commands(bot: Bot, texts: Texts) -> None:
    """The command menu in each language, and in the default one for everyone else."""
    await bot.set_my_commands(bot_commands(texts, texts.default))
    for lang in texts.languages:
        await bot.set_my_commands(bot_commands(texts, lang), language_code=lang)
