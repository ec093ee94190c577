"""What every message of a game should show now, derived from the game alone: each
person's private message (a direct game's whole game, a group seat's hand), and in a
group the table and the announcements. `bot.telegram.delivery.messages` compares it
with what the messages show and sends the difference."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.game.state import Game, Playing
from bot.telegram.delivery.placement import Placement
from bot.telegram.render import game as render
from bot.telegram.render import keyboards
from bot.telegram.render.content import Content
from bot.telegram.render.hands import hand_content
from bot.telegram.render.table import announcements, table_content
from texts import Texts


@dataclass(frozen=True, slots=True)
class Private:
    """One person's private message for the game, in their language."""

    user_id: int
    chat_id: int
    language: str
    content: Content
    turn: bool = False  # a group game's seat whose turn it is: the message comes anew


@dataclass(frozen=True, slots=True)
class Plan:
    """Every message of one game: `table` and `posts` only in a group."""

    privates: tuple[Private, ...]
    table: Content | None = None
    posts: tuple[Content, ...] = ()


def plan_for(game: Game, placement: Placement, texts: Texts, bot_link: str) -> Plan:
    """What the game's messages should show; `placement` says who was shown it before
    (a person who left a group game still gets a last word)."""
    if not game.in_group:
        return Plan(tuple(_direct(game, texts)))
    group = game.record.group
    assert group is not None
    t = texts.translator(group.language)
    return Plan(
        tuple(_group_privates(game, placement, texts)),
        table_content(game, t, bot_link),
        tuple(announcements(game, t)),
    )


def _direct(game: Game, texts: Texts) -> Iterable[Private]:
    if game.match is None:
        return
    for seat, human in game.humans():
        t = texts.translator(human.language)
        view = game.seat_view(seat)
        text = render.game_text(game, view, t)
        # The key is the whole text: in a direct game every change is shown at once.
        content = Content(text, keyboards.game_keyboard(game, view, t), key=text)
        yield Private(human.user_id, human.chat_id, human.language, content)


def _group_privates(game: Game, placement: Placement, texts: Texts) -> Iterable[Private]:
    people = {h.user_id: h for _, h in game.humans()}
    state = game.state
    turn_of = None
    if isinstance(state, Playing) and not game.is_bot(state.turn):
        turn_of = game.human(state.turn).user_id
    for user_id in sorted(set(people) | set(placement.private)):
        sent = placement.private.get(user_id)
        if sent is not None and sent.message_id is None:
            continue  # they blocked the bot: nothing can reach them
        if user_id in people:
            lang, chat_id = people[user_id].language, people[user_id].chat_id
        elif sent is not None:
            lang, chat_id = sent.language or texts.default, sent.chat_id
        else:
            continue
        content = hand_content(game, user_id, texts.translator(lang))
        yield Private(user_id, chat_id, lang, content, turn=turn_of == user_id)
