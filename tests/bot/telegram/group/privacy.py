"""Watches every API call the bot makes and checks that no hidden tile reaches anyone
who may not see it (R8.2): the group sees the line only until a hand is over; a
person sees their own hand and the line, in their private chat or in a message of the
group shown to them alone (an ephemeral message: judged by its receiver); alerts show
no tile; move buttons go only to the person to move; a deal's secret is shown to no one
before its hand is over (R8.3, `core.fair`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from aiogram.methods import (
    AnswerCallbackQuery,
    EditEphemeralMessageText,
    EditMessageText,
    SendMessage,
)

from bot.game.state import Game, Playing
from bot.store.games import GameStore
from bot.telegram.callbacks import MoveData
from core.state import Phase
from core.tiles import Tile
from tests.bot.fake_telegram import Call, check_html

TILE = re.compile(r"(\d)\|(\d)")
DEAL_SECRET = re.compile(r"\b(?:draw|block|kozel)-\d-[0-9a-f]{64}\b")
ALL_TILES = frozenset(Tile(a, b) for a in range(7) for b in range(a, 7))


def tiles_in(text: str) -> set[Tile]:
    return {Tile(min(int(a), int(b)), max(int(a), int(b))) for a, b in TILE.findall(text)}


def _visible(record: Game, user_id: int | None) -> frozenset[Tile]:
    """What `user_id` (None: the group) may see of the game now."""
    if record.match is None:
        return frozenset()
    view = record.public_view()
    if view.phase is not Phase.PLAYING:
        return ALL_TILES  # R8.3: every hand is revealed
    line = frozenset(Tile(min(t), max(t)) for t in view.line)
    seat = record.seat_of(user_id) if user_id is not None else None
    if seat is None:
        return line
    return line | frozenset(record.seat_view(seat).hand)


@dataclass(frozen=True)
class Seen:
    """What the group and each person who ever sat in it may see of a game's version."""

    version: int
    chat_id: int
    group: frozenset[Tile]
    people: dict[int, frozenset[Tile]]

    @property
    def members(self) -> set[int]:
        return set(self.people)


@dataclass
class PrivacyGuard:
    """An observer for `FakeTelegram`; `violations` must stay empty."""

    storage: GameStore
    # Groups whose revealed deal secrets anyone may be sent (the 🔑 button of a result).
    groups: tuple[int, ...] = ()
    violations: list[str] = field(default_factory=list)
    checked: int = 0
    games: dict[str, Seen] = field(default_factory=dict)  # each game's latest version

    async def __call__(self, call: Call) -> None:
        params = call.params
        if isinstance(call.method, AnswerCallbackQuery):
            shown = tiles_in(str(params.get("text") or ""))
            if shown:
                self.violations.append(f"an alert shows {shown}")
            return
        if not isinstance(call.method, SendMessage | EditMessageText | EditEphemeralMessageText):
            return
        self.checked += 1
        chat_id = int(params["chat_id"])
        ephemeral = params.get("ephemeral_message_parameters")
        receiver = ephemeral.receiver_user_id if ephemeral is not None else None
        if isinstance(call.method, EditEphemeralMessageText):
            receiver = params["receiver_user_id"]
        if receiver is not None:
            chat_id = int(receiver)  # seen by its receiver alone: judged as their chat
        # What the chat may see the moment the call is made, before anything is awaited
        # (a hand may be dealt while this guard reads the store).
        snapshot = self._allowed_now(chat_id)
        markup = params.get("reply_markup")
        buttons = [b for row in markup.inline_keyboard for b in row] if markup else []
        shown = tiles_in(check_html(params["text"])) | tiles_in(" ".join(b.text for b in buttons))
        allowed = snapshot if snapshot is not None else await self._allowed(chat_id)
        if shown - allowed:
            self.violations.append(f"chat {chat_id} was shown {sorted(shown - allowed)}")
        public = [await self.storage.load_for_chat(group) for group in self.groups]
        records = await self._records(chat_id) + [r for r in public if r is not None]
        dealt = [r for r in records if r.match is not None]
        revealed = {str(s) for r in dealt for s in r.public_view().deal_secrets}
        early = set(DEAL_SECRET.findall(params["text"])) - revealed
        if early:
            self.violations.append(f"chat {chat_id} was shown the deal secrets {sorted(early)}")
        for button in buttons:
            if (button.callback_data or "").startswith("mv:"):
                await self._check_move_button(chat_id, MoveData.unpack(button.callback_data or ""))

    def saved(self, game: Game) -> None:
        """A version of a game was written (see the `privacy` fixture): what each may
        see of it, worked out now (its match is changed in place later)."""
        known = self.games.get(game.game_id)
        if known is not None and known.version > game.version:
            return
        members = known.members if known is not None else set()
        members |= {human.user_id for _, human in game.humans()}
        seen = {user_id: _visible(game, user_id) for user_id in members}
        self.games[game.game_id] = Seen(game.version, game.chat_id, _visible(game, None), seen)

    def _allowed_now(self, chat_id: int) -> frozenset[Tile] | None:
        """What the chat may see of the games written since the guard began; None when
        it knows none of the chat's games."""
        if chat_id < 0:
            # The chat's latest game: the last first written.
            games = [g for g in self.games.values() if g.chat_id == chat_id]
            return games[-1].group if games else None
        mine = [g for g in self.games.values() if g.chat_id == chat_id or chat_id in g.members]
        if not mine:
            return None
        allowed: frozenset[Tile] = frozenset()
        for game in mine:
            allowed |= game.people.get(chat_id, game.group)
        return allowed

    async def _allowed(self, chat_id: int) -> frozenset[Tile]:
        if chat_id < 0:
            record = await self.storage.load_for_chat(chat_id)
            return _visible(record, None) if record is not None else frozenset()
        allowed: frozenset[Tile] = frozenset()
        for record in await self._records(chat_id):
            allowed |= _visible(record, chat_id)
        return allowed

    async def _records(self, chat_id: int) -> list[Game]:
        """The games whose messages go to `chat_id`: a group's, or a person's."""
        direct = await self.storage.load_for_chat(chat_id)
        records = [r for r in [direct] if r is not None]
        if chat_id > 0:
            game_ids = set(await self.storage.games_of(chat_id))
            records += [r for g in game_ids if (r := await self.storage.load(g)) is not None]
        return records

    async def _check_move_button(self, chat_id: int, data: MoveData) -> None:
        record = await self.storage.load(data.game)
        if record is None:
            self.violations.append(f"move button of an unknown game in chat {chat_id}")
            return
        state = record.state
        mover = state.seats[state.turn] if isinstance(state, Playing) else None
        if mover is None or mover.kind != "human" or chat_id not in (mover.chat_id, mover.user_id):
            self.violations.append(f"move buttons sent to chat {chat_id}, not to the mover")
