"""A person's private message for a game: a direct game's whole game, or a group
seat's hand (R8.2: rendered from that seat's own view), and the next call it needs.

In a group a hand whose only change is the line others made waits for its owner's turn
(the group's table shows the line, and an edit per move to every player would cost more
calls than the move itself). When the turn comes to someone away from the chat (their
own last move over `AT_THE_CHAT` ago) it comes as a new message, which notifies them,
and the old one is deleted with others, a few at once. Someone who plays from their hand
shown in the group has their private message left as it is between their turns: it
changes when their turn comes, to notify them. A hand's result stays where it
was read (`Content.lasting`): the next hand comes as a new message under it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from bot.game.seats import HumanSeat
from bot.game.state import Game, Playing
from bot.telegram.render import game as render
from bot.telegram.render import keyboards
from bot.telegram.render.content import Content
from bot.telegram.render.drawing import table_picture
from bot.telegram.render.hands import hand_content, table_link
from bot.telegram.show.placement import Sent, dump, private_field, sent_of
from bot.telegram.show.steps import Delete, Fields, Outcome, Put, Step
from texts import Texts

AT_THE_CHAT = 10.0  # seconds since a person's own move during which they are at the chat
RETIRE_BATCH = 4  # old hand messages of a person deleted together, in one call


def private_content(
    game: Game, user_id: int, texts: Texts, language: str, *, drawn: bool, table: Sent | None
) -> Content:
    """What the person's message shows: the game (direct), or their hand (group)."""
    t = texts.translator(language)
    seat = game.seat_of(user_id)
    if game.kind.hands_apart:
        link = table_link(game.chat_id, table.message_id) if table is not None else None
        return hand_content(game, user_id, t, drawn=drawn, table=link)
    assert seat is not None
    view = game.seat_view(seat)
    markup = keyboards.game_keyboard(game, view, t)
    if not drawn:
        text = render.game_text(game, view, t)
        return Content(text, markup, key=text)  # a direct game shows every change at once
    caption = render.game_text(game, view, t, drawn=True)
    picture = table_picture(game, t, seat)
    return Content(caption, markup, caption + (picture.key if picture else ""), picture)


def private_step(
    game: Game,
    user_id: int,
    sent: Sent | None,
    content: Content,
    language: str,
    now: float,
    *,
    in_group: bool = False,
) -> Step | Fields | None:
    """The next call the person's message needs, only a change of what the store says it
    shows (`Fields`), or None when it shows `content`. `in_group`: the person has their
    hand shown in the group too (`bot.telegram.show.ephemeral`)."""
    if sent is not None and sent.message_id is None:
        return None  # they blocked the bot: nothing can reach them
    field = private_field(user_id)
    if in_group and sent is not None and not sent.lasting and _waiting(game, user_id):
        # They play from their hand in the group: their private message is left as it
        # is until their turn comes (a new message then, which notifies them).
        return {field: dump(replace(sent, turn=False))} if sent.turn else None
    if sent is not None and sent.retired:
        playing = isinstance(game.state, Playing)
        if sent.prompt or len(sent.retired) >= RETIRE_BATCH or not playing:
            kept = replace(sent, retired=(), prompt=False)
            return Delete(sent.retired, lambda _: {field: dump(kept)})
    changed = sent is None or sent.essential != content.essential
    if not changed and (game.kind.hands_apart or sent is None or sent.full == content.full):
        return None
    turn = game.kind.hands_apart and _turn_of(game) == user_id
    moved_at = _moved_at(game, user_id)
    away = moved_at is None or now - moved_at >= AT_THE_CHAT
    # A hand's result stays where it was read; the next hand comes under it.
    under = sent is not None and sent.lasting and not content.lasting
    anew = under or (turn and sent is not None and not sent.turn and away)
    old = sent.message_id if sent is not None else None

    def record(outcome: Outcome) -> Fields:
        retired = sent.retired if sent is not None else ()
        if outcome.message_id is None:  # refused: kept as it was, waiting for new content
            if outcome.unreachable:
                return {field: dump(Sent(content_chat, None, language=language))}
            return {}
        if anew and old is not None and not under:
            retired = (*retired, old)
        if outcome.replaced is not None:
            retired = (*retired, outcome.replaced)
        shown = Sent(
            content_chat,
            outcome.message_id,
            content.essential,
            content.full,
            language,
            turn=turn,
            retired=retired,
            prompt=outcome.replaced is not None or (sent is not None and sent.prompt),
            photo=outcome.photo,
            lasting=content.lasting,
        )
        return {field: dump(shown)}

    content_chat = _chat_of(game, user_id, sent)
    photo = sent.photo if sent is not None else ""
    return Put(content, None if anew else old, record, "" if anew else photo)


def _waiting(game: Game, user_id: int) -> bool:
    """Whether a hand is being played and it is not `user_id`'s turn."""
    return isinstance(game.state, Playing) and _turn_of(game) != user_id


def mover(game: Game) -> HumanSeat | None:
    """The person to move while a hand is played (None: a bot's turn, or no hand)."""
    state = game.state
    if isinstance(state, Playing) and not game.is_bot(state.turn):
        return game.human(state.turn)
    return None


def _turn_of(game: Game) -> int | None:
    person = mover(game)
    return person.user_id if person is not None else None


def _moved_at(game: Game, user_id: int) -> float | None:
    seat = game.seat_of(user_id)
    return None if seat is None else game.human(seat).moved_at


def _chat_of(game: Game, user_id: int, sent: Sent | None) -> int:
    seat = game.seat_of(user_id)
    if seat is not None:
        return game.human(seat).chat_id
    assert sent is not None
    return sent.chat_id


def reach_step(
    chat_id: int, content: Content, language: str, fields: Mapping[str, str]
) -> Put | None:
    """A person's first private message for a group game (`content`), unless they have
    one."""
    field = private_field(chat_id)
    sent = sent_of(fields.get(field))
    if sent is not None and sent.message_id is not None:
        return None

    def record(outcome: Outcome) -> Fields:
        if outcome.message_id is None:
            return {}
        shown = Sent(chat_id, outcome.message_id, content.essential, content.full, language)
        return {field: dump(shown)}

    return Put(content, None, record)
