"""The dispatcher: its routers, its middlewares, and the dependencies handlers ask for
by name; and the command menus per language."""

from __future__ import annotations

from dataclasses import dataclass, fields

from aiogram import BaseMiddleware, Bot, Dispatcher
from aiogram.types import BotCommand, BotCommandScopeAllGroupChats

from bot.game.forget import Forgetting
from bot.game.games import Games
from bot.game.groups import GroupGames
from bot.game.hints import Hints
from bot.game.history import History
from bot.game.matches import Matches
from bot.game.stats import Stats
from bot.telegram.handlers import routers
from bot.telegram.handlers.errors import COMMANDS
from bot.telegram.handlers.group import GROUP_COMMANDS
from bot.telegram.middlewares import (
    Answering,
    LanguageMiddleware,
    PressAnswers,
    RefusalMiddleware,
)
from bot.telegram.outbox.replies import Replies
from bot.telegram.ports import Confirmations, Languages, Look, Looks, Rights
from texts import Texts


@dataclass(frozen=True, slots=True)
class Services:
    """What handlers ask for by name (besides aiogram's own, and `lang`, `own_lang` and
    `t` from `LanguageMiddleware`)."""

    games: Games
    matches: Matches
    hints: Hints
    groups: GroupGames
    replies: Replies
    confirmations: Confirmations
    history: History
    stats: Stats
    forgetting: Forgetting
    languages: Languages
    looks: Looks
    rights: Rights  # the bot's in each group
    default_look: Look  # of a chat that chose none
    texts: Texts


def create_dispatcher(
    services: Services, first: tuple[BaseMiddleware, ...] = (), *, webhook: bool = False
) -> Dispatcher:
    """Routers, middlewares (`first`: the outer ones that come before all others), and
    the `services` handlers ask for by name. `webhook`: updates come by webhook, and a
    press is answered in the webhook's reply."""
    # No FSM: every game lives in the store, and aiogram's FSM middleware would cost each
    # update a context it never reads.
    named = {f.name: getattr(services, f.name) for f in fields(services)}
    dp = Dispatcher(**named, disable_fsm=True)
    for middleware in first:
        dp.update.outer_middleware(middleware)
    dp.update.outer_middleware(LanguageMiddleware(services.languages, services.texts))
    # Every press gets exactly one answer, errors included: the answer middleware sends
    # it last, and the refusal middleware inside it fills in the alert text.
    dp.callback_query.middleware(PressAnswers(in_reply=webhook))
    # A reply in a group answers its command (a refusal's reply too: outside it).
    dp.message.middleware(Answering())
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
