"""What an entry of a chat's outbox asks for now: the next call (a `Step` of
`bot.telegram.show`) or only a change of what the store says the chat shows.

Entries, by the start of their name (replies first, then a game's flags, then games):
`say:` a new message, `menu:<message id>` a menu shown in its own message, `hand:<game>/
<user>` a person's hand shown to them alone in the group (they pressed 🂠), `reach:<game>`
a person's first private message for a group game, `adopt:`/`anew:`/`moved:<game>` how a
change is to be shown (`bot.game.notify.Show`), `game:<game>` the version to show."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from aiogram.types import InlineKeyboardMarkup

from bot.game.ports import StorageUnavailableError
from bot.game.state import Game
from bot.telegram.inline import is_inline
from bot.telegram.ports import ADMIN, Look, Looks, MessageRecords, Rights
from bot.telegram.render.content import Content
from bot.telegram.render.hands import group_hand_content
from bot.telegram.show.ephemeral import (
    HAND,
    calling,
    entry_of,
    ephemeral_field,
    pressed_step,
    turn_step,
)
from bot.telegram.show.group import Lookups, group_step, group_view
from bot.telegram.show.placement import TABLE, GroupShows, Sent, dump, private_field, sent_of
from bot.telegram.show.private import private_content, private_step, reach_step
from bot.telegram.show.steps import Fields, Outcome, Put, Step, Strip
from texts import Texts

log = logging.getLogger(__name__)

SAY, MENU, REACH, ADOPT, ANEW, MOVED, GAME = (
    "say:",
    "menu:",
    "reach:",
    "adopt:",
    "anew:",
    "moved:",
    "game:",
)
_ORDER = (SAY, MENU, HAND, REACH, ADOPT, ANEW, MOVED, GAME)
GAMES_KEPT = 256  # games kept at their latest version, the most recently seen


def first(entries: Iterable[str]) -> list[str]:
    """The entries in the order they are sent: replies, then flags, then games; each
    kind oldest first (a `say:` entry's name carries its time)."""

    def rank(name: str) -> tuple[int, str]:
        kind = name.partition(":")[0] + ":"
        return (_ORDER.index(kind) if kind in _ORDER else len(_ORDER), name)

    return sorted(entries, key=rank)


def content_json(content: Content) -> str:
    """A reply's content as its entry holds it."""
    markup = content.markup.model_dump_json(exclude_none=True) if content.markup else None
    stored: dict[str, object] = {"text": content.text, "markup": markup, "key": content.key}
    if content.reply_to is not None:
        stored["reply_to"] = content.reply_to
    return json.dumps(stored)


def content_of(raw: str) -> Content:
    stored = json.loads(raw)
    markup = stored.get("markup")
    parsed = InlineKeyboardMarkup.model_validate_json(markup) if markup else None
    return Content(stored["text"], parsed, stored.get("key", ""), reply_to=stored.get("reply_to"))


@dataclass(frozen=True, slots=True)
class Job:
    """An entry's next call (`step`; None: only `changes` to write), for the messages of
    `game_id` (None: a reply outside games)."""

    name: str
    value: str
    step: Step | None = None
    changes: Fields | None = None
    game_id: str | None = None

    @property
    def once(self) -> bool:
        """Whether one call shows the entry (a reply, a flag); a game's entry may need
        several (an announcement, then the table)."""
        return not self.name.startswith(GAME)

    def record(self, outcome: Outcome) -> Fields:
        """What the job changes in the store, once done."""
        return self.step.record(outcome) if self.step is not None else dict(self.changes or {})


class Jobs:
    """Entries to jobs (see the module's doc)."""

    def __init__(
        self,
        load: Callable[[str], Awaitable[Game | None]],
        messages: MessageRecords,
        texts: Texts,
        looks: Looks,
        look: Look,
        lookups: Lookups,
        link: Callable[[], Awaitable[str]],
        clock: Callable[[], float],
        rights: Rights | None = None,
    ) -> None:
        self._load = load
        self._messages = messages
        self._texts = texts
        self._looks = looks
        self._look = look
        self._lookups = lookups
        self._link = link
        self._clock = clock
        self._rights = rights
        self._games: dict[str, Game] = {}  # the latest version seen, the last few games

    def seen(self, game: Game) -> None:
        """`game` is the latest version known here (a save of this process)."""
        known = self._games.pop(game.game_id, None)
        self._games[game.game_id] = (
            game if known is None or known.version <= game.version else known
        )
        if len(self._games) > GAMES_KEPT:
            del self._games[next(iter(self._games))]

    async def fields(self, game_id: str) -> dict[str, str]:
        """What the game's messages show, as the store says."""
        return dict(await self._messages.load(game_id))

    async def job(
        self, chat_id: int, known: dict[str, dict[str, str]], name: str, value: str
    ) -> Job | None:
        """The entry's next call or change in the chat; None when the chat shows it.
        `known`: each game's messages' fields as the chat knows them (filled here)."""
        kind, _, key = name.partition(":")
        kind += ":"
        if kind == SAY:
            return Job(name, value, Put(content_of(value), None, lambda _: {}))
        if kind == MENU:
            return Job(name, value, Put(content_of(value), int(key), lambda _: {}, only_edit=True))
        if kind == HAND:
            return await self._pressed_hand(chat_id, known, name, value)
        fields = await self._known(known, key)
        if kind == REACH:
            language = json.loads(value).get("language", "")
            first = reach_step(chat_id, content_of(value), language, fields)
            return None if first is None else Job(name, value, first, None, key)
        game = await self._game(key, int(value) if kind == GAME else 0)
        if game is None:
            return None  # gone: nothing to show
        if kind == ADOPT:
            adopted: Fields = {private_field(chat_id): dump(Sent(chat_id, int(value)))}
            return Job(name, value, None, adopted, key)
        if kind == ANEW:
            return _anew(name, value, chat_id, key, fields)
        if kind == MOVED:
            return _moved(name, value, game, fields)
        step = await self._game_step(chat_id, game, fields)
        if isinstance(step, dict):
            return Job(name, value, None, step, key)
        return None if step is None else Job(name, value, step, None, key)

    async def _known(self, known: dict[str, dict[str, str]], game_id: str) -> dict[str, str]:
        """The game's messages' fields as the chat knows them (read from the store once)."""
        fields = known.get(game_id)
        if fields is None:
            fields = known[game_id] = await self.fields(game_id)
        return fields

    async def _pressed_hand(
        self, chat_id: int, known: dict[str, dict[str, str]], name: str, value: str
    ) -> Job | None:
        """🂠 pressed on the group's table: the presser's hand, to them alone."""
        game_id, user_id = entry_of(name)
        game = await self._game(game_id, 0)
        if game is None or game.chat_id != chat_id:
            return None
        fields = await self._known(known, game_id)
        pressed = json.loads(value)
        language = pressed["language"]
        content = _hands(self._texts, game, await self._drawn(chat_id))(user_id, language)
        step = pressed_step(game, user_id, pressed["press"], language, content, fields)
        return Job(name, value, step, None, game_id)

    async def _game(self, game_id: str, version: int) -> Game | None:
        """The game at `version` or later: this process's latest, or the store's."""
        game = self._games.get(game_id)
        if game is None or game.version < version:
            game = await self._load(game_id)
            if game is not None:
                self.seen(game)
        return game

    async def _game_step(
        self, chat_id: int, game: Game, fields: dict[str, str]
    ) -> Step | Fields | None:
        now = self._clock()
        if game.kind.hands_apart and chat_id == game.chat_id:
            shows = GroupShows.of(fields)
            t = self._texts.translator(game.side.language)
            drawn = await self._drawn(chat_id)
            # The hand of the person to move, shown in the group, before anything else.
            hands = _hands(self._texts, game, drawn)
            turn = turn_step(game, fields, hands, admin=await self._admin(chat_id))
            if turn is not None:
                return turn
            link = await self._link()
            call = calling(game, fields, now)
            view = await group_view(game, t, link, shows, self._lookups, now, drawn, call)
            return await group_step(game, view, shows, self._lookups, now)
        sent = sent_of(fields.get(private_field(chat_id)))
        seat = game.seat_of(chat_id)
        if seat is not None and game.human(seat).in_group and sent is None:
            return None  # reached in the group only: nothing is sent to them privately
        if seat is not None:
            language = game.human(seat).language
        else:
            language = sent.language if sent is not None and sent.language else self._texts.default
        drawn = await self._drawn(chat_id)
        table = sent_of(fields.get(TABLE))
        content = private_content(game, chat_id, self._texts, language, drawn=drawn, table=table)
        in_group = ephemeral_field(chat_id) in fields
        return private_step(game, chat_id, sent, content, language, now, in_group=in_group)

    async def _admin(self, chat_id: int) -> bool:
        """Whether the bot administers the group (as far as the store says)."""
        if self._rights is None:
            return False
        try:
            return await self._rights.get(chat_id) == ADMIN
        except StorageUnavailableError:
            return False

    async def text_only(self, chat_id: int) -> None:
        """Telegram refuses the chat's pictures: it sees its games as text from now on
        (as if it had chosen it with /look)."""
        log.warning("chat %s: Telegram refuses its pictures; shown as text", chat_id)
        try:
            await self._looks.set(chat_id, Look.TEXT.value)
        except StorageUnavailableError:
            log.warning("chat %s: its look is not kept", chat_id)

    async def _drawn(self, chat_id: int) -> bool:
        """Whether the chat sees its games as pictures (never an inline message: a
        picture there could only come by a file id or URL, not uploaded)."""
        if is_inline(chat_id):
            return False
        try:
            chosen = await self._looks.get(chat_id)
        except StorageUnavailableError:
            chosen = None
        try:
            return (Look(chosen) if chosen is not None else self._look) is Look.PICTURE
        except ValueError:  # a value of an older or newer version
            return self._look is Look.PICTURE


def _hands(texts: Texts, game: Game, drawn: bool) -> Callable[[int, str], Content]:
    """What a person sees of their hand inside the game's group (by user id, language)."""
    return lambda user_id, language: group_hand_content(
        game, user_id, texts.translator(language), drawn=drawn
    )


def _anew(name: str, value: str, chat_id: int, game_id: str, fields: dict[str, str]) -> Job:
    """The person's game message goes at the bottom: the old copy loses its buttons."""
    field = private_field(chat_id)
    old = sent_of(fields.get(field))
    if old is None or old.message_id is None:
        return Job(name, value, None, {field: None}, game_id)
    return Job(name, value, Strip(old.message_id, lambda _: {field: None}), None, game_id)


def _moved(name: str, value: str, game: Game, fields: dict[str, str]) -> Job:
    """The group's table is sent anew; in the same chat the old copy is deleted next."""
    old = sent_of(fields.get(TABLE))
    if old is None or old.message_id is None or old.chat_id != game.chat_id:
        return Job(name, value, None, {TABLE: None}, game.game_id)
    table = Sent(game.chat_id, None, retired=(*old.retired, old.message_id))
    return Job(name, value, None, {TABLE: dump(table)}, game.game_id)
