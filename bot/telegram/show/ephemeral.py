"""A person's hand shown to them alone inside the group (an ephemeral message, Bot API
10.2), beside the private message that still shows it and notifies them.

It is shown when they press 🂠 on the group's table (sent in answer to that press, or the
one they have edited), and it follows the game at their turn: when the turn comes to
them, its tiles and moves are brought up to date, the person to move first. Between
their turns it is not edited: a group may be written to about 20 times a minute, its
table included, and every edit of a hand would be one of them (a button pressed on a
hand left behind is refused as out of date, and changes nothing). An ephemeral message
that cannot be edited any more (expired, deleted) is remembered without a message: the
next 🂠 sends one, and where the bot administers the group (which lets it send one
without a press) it is sent again at the person's next turn.

Someone the bot may not write to privately (they never started it) is seated in the
group only: their hand is shown to them nowhere else, so it is sent at their turn where
the bot administers the group, and their turn is called out in the group (a message
that mentions them, with 🂠) when they are away from it: no private message can be.
Its field (`e:<user id>`) belongs to the group's chat, whose sender alone writes it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from bot.game.state import Game
from bot.telegram.render.content import Content
from bot.telegram.show.placement import Sent, dump, sent_of
from bot.telegram.show.private import AT_THE_CHAT, mover
from bot.telegram.show.steps import Fields, Outcome, Whisper

EPHEMERAL = "e:"
HAND = "hand:"  # an outbox entry: someone pressed 🂠 (`hand:<game>/<user id>`)


def ephemeral_field(user_id: int) -> str:
    """The field of a person's ephemeral hand in the group."""
    return f"{EPHEMERAL}{user_id}"


def hand_entry(game_id: str, user_id: int) -> str:
    """The outbox entry asking for `user_id`'s hand in the group of `game_id`."""
    return f"{HAND}{game_id}/{user_id}"


def entry_of(name: str) -> tuple[str, int]:
    """The game and the person a `hand:` entry names."""
    game_id, _, user = name.removeprefix(HAND).partition("/")
    return game_id, int(user)


def pressed_step(
    game: Game,
    user_id: int,
    press: str,
    language: str,
    content: Content,
    fields: Mapping[str, str],
) -> Whisper:
    """🂠 pressed: the person's hand in the ephemeral message they have (edited), or in
    a new one answering the press."""
    field = ephemeral_field(user_id)
    shown = sent_of(fields.get(field))
    ephemeral = shown.message_id if shown is not None else None
    photo = shown.photo if shown is not None else ""

    def record(outcome: Outcome) -> Fields:
        if outcome.message_id is None:
            return {field: None}
        sent = Sent(
            game.chat_id,
            outcome.message_id,
            content.essential,
            content.full,
            language,
            photo=outcome.photo,
        )
        return {field: dump(sent)}

    return Whisper(content, user_id, ephemeral, record, press, photo)


def turn_step(
    game: Game,
    fields: Mapping[str, str],
    content_of: Callable[[int, str], Content],
    *,
    admin: bool = False,
) -> Whisper | None:
    """The ephemeral hand of the person to move, when its tiles or moves are not theirs
    now; None when there is none to bring up to date. One that Telegram no longer had
    is sent again where the bot administers the group (no press needed there)."""
    human = mover(game)
    if human is None:
        return None
    field = ephemeral_field(human.user_id)
    shown = sent_of(fields.get(field))
    if shown is None and human.in_group and admin:  # shown nowhere else: sent unasked
        shown = Sent(game.chat_id, None, language=human.language)
    if shown is None or (shown.message_id is None and not admin):
        return None
    content = content_of(human.user_id, shown.language)
    if content.essential == shown.essential:
        return None

    def record(outcome: Outcome) -> Fields:
        if outcome.message_id is None:
            # Gone, or not sent again: remembered without a message (sent where the bot
            # may, once what it shows changes; and at the person's next 🂠).
            tried = content.essential if shown.message_id is None else ""
            return {field: dump(replace(shown, message_id=None, essential=tried, full=""))}
        sent = replace(
            shown,
            message_id=outcome.message_id,
            essential=content.essential,
            full=content.full,
            photo=outcome.photo,
        )
        return {field: dump(sent)}

    return Whisper(content, human.user_id, shown.message_id, record, None, shown.photo)


def calling(game: Game, fields: Mapping[str, str], now: float) -> int | None:
    """The seat whose turn the group calls out (a new message that mentions them): a
    person reached in the group only, whom no private message notifies, when it is
    their turn and they are away from the chat (their own last move `AT_THE_CHAT` ago
    or more) or have no hand shown to them there."""
    human = mover(game)
    if human is None or not human.in_group:
        return None
    shown = sent_of(fields.get(ephemeral_field(human.user_id)))
    live = shown is not None and shown.message_id is not None
    away = human.moved_at is None or now - human.moved_at >= AT_THE_CHAT
    return game.seat_of(human.user_id) if away or not live else None
