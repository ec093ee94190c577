"""What every message of a game should show now, derived from the game alone: each
person's private message (a direct game's whole game, a group seat's hand), and in a
group the table and the announcements. `bot.telegram.delivery.messages` compares it
with what the messages show and sends the difference."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bot.game.state import Game, Playing
from bot.telegram.delivery.placement import Placement
from bot.telegram.ports import Look
from bot.telegram.render import game as render
from bot.telegram.render import keyboards
from bot.telegram.render.content import Content
from bot.telegram.render.drawing import table_picture
from bot.telegram.render.hands import hand_content, table_link
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
    moved_at: float | None = None  # when they last moved (a timestamp), if they have


@dataclass(frozen=True, slots=True)
class Plan:
    """Every message of one game: `table` and `posts` only in a group."""

    privates: tuple[Private, ...]
    table: Content | None = None
    posts: tuple[Content, ...] = ()


def plan_for(
    game: Game,
    placement: Placement,
    texts: Texts,
    bot_link: str,
    looks: Mapping[int, Look] | None = None,
) -> Plan:
    """What the game's messages should show; `placement` says who was shown it before
    (a person who left a group game still gets a last word); `looks`: how each chat
    (by id) sees the game, as text where it is not said."""
    drawn = {chat for chat, look in (looks or {}).items() if look is Look.PICTURE}
    if not game.in_group:
        return Plan(tuple(_direct(game, texts, drawn)))
    group = game.record.group
    assert group is not None
    t = texts.translator(group.language)
    return Plan(
        tuple(_group_privates(game, placement, texts, drawn)),
        table_content(game, t, bot_link, drawn=game.chat_id in drawn),
        tuple(announcements(game, t)),
    )


def chats_of(game: Game, placement: Placement) -> set[int]:
    """Every chat the game's messages are in (whose looks `plan_for` needs)."""
    chats = {human.chat_id for _, human in game.humans()}
    chats |= {sent.chat_id for sent in placement.private.values()}
    if game.in_group:
        chats.add(game.chat_id)
    return chats


def _direct(game: Game, texts: Texts, drawn: set[int]) -> Iterable[Private]:
    if game.match is None:
        return
    for seat, human in game.humans():
        t = texts.translator(human.language)
        view = game.seat_view(seat)
        markup = keyboards.game_keyboard(game, view, t)
        if human.chat_id in drawn:
            caption = render.game_text(game, view, t, drawn=True)
            picture = table_picture(game, t, seat)
            key = caption + (picture.key if picture is not None else "")
            content = Content(caption, markup, key, picture)
        else:
            text = render.game_text(game, view, t)
            # The key is the whole text: in a direct game every change is shown at once.
            content = Content(text, markup, key=text)
        yield Private(human.user_id, human.chat_id, human.language, content)


def _group_privates(
    game: Game, placement: Placement, texts: Texts, drawn: set[int]
) -> Iterable[Private]:
    people = {h.user_id: h for _, h in game.humans()}
    state = game.state
    turn_of = None
    if isinstance(state, Playing) and not game.is_bot(state.turn):
        turn_of = game.human(state.turn).user_id
    table = placement.table
    link = table_link(game.chat_id, table.message_id) if table is not None else None
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
        t = texts.translator(lang)
        content = hand_content(game, user_id, t, drawn=chat_id in drawn, table=link)
        moved_at = people[user_id].moved_at if user_id in people else None
        yield Private(user_id, chat_id, lang, content, turn_of == user_id, moved_at)
