"""What the group sees: the lobby of each game, the table's turn and its Kozel
redeals, and the order of the announcements."""

from __future__ import annotations

import asyncio

from aiogram import Bot

from bot.game import lobby
from bot.game.games import GameService
from bot.game.groups import GroupService
from bot.game.people import Person
from bot.game.record import GameRecord, GameStatus, NoticeKind, SeatNotice
from bot.game.seats import BotSeat, Seat
from bot.store.messages import MessageStore
from bot.telegram.pacing import Pace, Pacer
from bot.telegram.table import announcements, lobby_content, table_content
from core.engine import Match
from core.events import Redealt
from core.players import Level
from core.variants import Variant
from tests.bot.factories import NOW, human
from tests.bot.telegram import FakeTelegram, check_html
from texts import Texts

LINK = "https://t.me/dominoes_test_bot"
ANN = Person(user_id=1, name="Ann <3", language="en", chat_id=1)


def redealt_seed() -> int:
    """A seed whose first Kozel deal is dealt again (R2.3): about one in sixty."""
    return next(
        seed
        for seed in range(10_000)
        if any(isinstance(e, Redealt) for e in Match.new("kozel", 4, seed=seed)[1])
    )


def group_game(variant: str, n_players: int, seed: int) -> GameRecord:
    group = lobby.new_group("Room", ANN, Variant(variant), n_players, 50)
    match, _ = Match.new(variant, n_players, 50, seed=seed)
    seats: list[Seat] = [human(1, "Ann <3")]
    seats += [BotSeat(level=Level.EASY) for _ in range(n_players - 1)]
    return GameRecord(
        game_id="00000000aa",
        chat_id=-5,
        seats=seats,
        engine=match.to_dict(),
        seed=seed,
        group=group,
        created_at=NOW,
        updated_at=NOW,
    )


def test_a_draw_lobby_lists_its_seats(texts: Texts) -> None:
    t = texts.translator("en")
    record = GameRecord(
        game_id="00000000aa",
        chat_id=-5,
        seats=[],
        engine={},
        seed=0,
        status=GameStatus.LOBBY,
        group=lobby.new_group("Room", ANN, Variant.DRAW, 3, 100),
        created_at=NOW,
        updated_at=NOW,
    )
    record = lobby.join(record, ANN, 1, seed=1)
    assert record.group is not None
    content = lobby_content(record, record.group, t, LINK)
    assert "3 players:\n1. free\n2. Ann &lt;3\n3. free" in content.text
    check_html(content.text)
    labels = [b.text for b in content.markup.inline_keyboard[0]] if content.markup else []
    assert labels == ["1 · free", "2 · Ann <3"]  # a button's label is plain text
    invited = lobby.invited(record)
    assert invited.group is not None
    buttons = lobby_content(invited, invited.group, t, LINK).markup
    assert buttons is not None
    assert buttons.inline_keyboard[-1][0].url == f"{LINK}?start=join-00000000aa"


def test_a_kozel_redeal_stays_on_the_table(texts: Texts) -> None:
    record = group_game("kozel", 4, redealt_seed())
    text = table_content(record, texts.translator("en"), LINK).text
    assert "dealt again" in text
    check_html(text)


def test_the_person_to_move_is_mentioned(texts: Texts) -> None:
    for seed in range(20):
        record = group_game("block", 2, seed)
        if Match.from_dict(record.engine).turn == 0:
            text = table_content(record, texts.translator("en"), LINK).text
            assert '▶ <a href="tg://user?id=1">Ann &lt;3</a> to play.' in text
            return
    raise AssertionError("no deal where the person leads")


def test_notices_come_in_order_among_the_results(texts: Texts) -> None:
    record = group_game("block", 2, 3)
    match = Match.from_dict(record.engine)
    while not match.hand_over:
        match.play(match.turn, *match.legal_moves()[0])
    assert record.group is not None
    notices = [
        SeatNotice(kind=NoticeKind.LEFT, seat=0, name="Ann", after_results=0),
        SeatNotice(kind=NoticeKind.TOOK, seat=0, name="Ann", after_results=1),
    ]
    record = record.model_copy(
        update={
            "engine": match.to_dict(),
            "group": record.group.model_copy(update={"notices": notices}),
        }
    )
    told = [c.text for c in announcements(record, texts.translator("en"))]
    assert told[0].startswith("Ann left the game")
    assert "is over:</b>" in told[1]
    assert told[2] == "Ann takes over from Bot 1."


async def test_the_pacer_loop_serves_a_new_lobby(
    bot: Bot, service: GameService, fake: FakeTelegram, texts: Texts
) -> None:
    """`run` as in production: real time, woken by a poke."""
    groups = GroupService(service)
    pacer = Pacer(
        bot, service, groups, MessageStore(service.storage.redis), texts, Pace(idle_poll=0.05)
    )
    loop = asyncio.create_task(pacer.run())
    try:
        await groups.open(-5, "Room", ANN, Variant.KOZEL, 4)
        pacer.poke()
        for _ in range(100):
            if fake.named("sendMessage"):
                break
            await asyncio.sleep(0.02)
        assert "<b>Kozel</b>" in fake.named("sendMessage")[0].params["text"]
    finally:
        loop.cancel()
