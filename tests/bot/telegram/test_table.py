"""What the group sees: the lobby of each game, the table's turn and its Kozel
redeals, and the order of the announcements."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime

from fakeredis import FakeServer

from bot.app import App
from bot.game import lobby
from bot.game.people import Person
from bot.game.record import (
    GameRecord,
    LobbyStage,
    MatchStage,
    NoticeKind,
    SeatNotice,
    TableSettings,
)
from bot.game.seats import BotSeat, HumanSeat, Seat
from bot.game.state import Game, Lobby, Playing
from bot.telegram.render.lobby import lobby_content
from bot.telegram.render.table import announcements, table_content
from core.engine import Match
from core.events import Redealt
from core.players import Level
from core.variants import Variant
from tests.bot.factories import secret
from tests.bot.fake_telegram import FakeTelegram, check_html
from texts import Texts

LINK = "https://t.me/dominoes_test_bot"
NOW = datetime(2024, 6, 1, tzinfo=UTC)
ANN = Person(user_id=1, name="Ann <3", language="en", chat_id=1)


def redealt_seed() -> int:
    """A seed whose first Kozel deal is dealt again (R2.3): about one in sixty."""
    return next(
        seed
        for seed in range(10_000)
        if any(isinstance(e, Redealt) for e in Match.new("kozel", 4, seed=seed)[1])
    )


def group_record(variant: str, n_players: int, stage: LobbyStage | MatchStage) -> Game:
    settings = TableSettings(variant=Variant(variant), n_players=n_players, target=50)
    record = GameRecord(
        game_id="0000000b40",
        chat_id=-5,
        settings=settings,
        group=lobby.new_group("Room", ANN),
        stage=stage,
        created_at=NOW,
        updated_at=NOW,
    )
    return Game.load(record)


def group_game(variant: str, n_players: int, seed: int) -> Game:
    match, _ = Match.new(variant, n_players, 50, seed=seed)
    seats: list[Seat] = [HumanSeat(user_id=1, name="Ann <3", language="en", chat_id=1)]
    seats += [BotSeat(level=Level.EASY) for _ in range(n_players - 1)]
    stage = MatchStage(seats=tuple(seats), seed=seed, engine=match.to_dict())
    return group_record(variant, n_players, stage)


def test_a_draw_lobby_lists_its_seats(texts: Texts) -> None:
    t = texts.translator("en")
    game = lobby.join(group_record("draw", 3, lobby.new_lobby(3)), ANN, 1, secret(1))
    assert isinstance(game.state, Lobby)
    content = lobby_content(game, game.state, t, LINK)
    assert "3 players:\n1. free\n2. \u2068Ann &lt;3\u2069\n3. free" in content.text
    check_html(content.text)
    labels = [b.text for b in content.markup.inline_keyboard[0]] if content.markup else []
    assert labels == ["1 · free", "2 · Ann <3"]  # a button's label is plain text
    ben = Person(user_id=2, name="Ben", language="en", chat_id=2, in_group=True)
    invited = lobby.join(game, ben, 0, secret(2))
    assert isinstance(invited.state, Lobby)
    shown = lobby_content(invited, invited.state, t, LINK)
    assert f'<a href="{LINK}?start=join-0000000b40">' in shown.text  # in the words
    check_html(shown.text)
    assert shown.markup is not None
    assert not [b for row in shown.markup.inline_keyboard for b in row if b.url]


def test_a_kozel_redeal_stays_on_the_table(texts: Texts) -> None:
    game = group_game("kozel", 4, redealt_seed())
    text = table_content(game, texts.translator("en"), LINK).text
    assert "dealt again" in text
    check_html(text)


def test_the_person_to_move_is_mentioned(texts: Texts) -> None:
    for seed in range(20):
        game = group_game("block", 2, seed)
        if isinstance(game.state, Playing) and game.state.turn == 0:
            text = table_content(game, texts.translator("en"), LINK).text
            assert '<a href="tg://user?id=1">\u2068Ann &lt;3\u2069</a> to play' in text
            return
    raise AssertionError("no deal where the person leads")


def test_notices_come_in_order_among_the_results(texts: Texts) -> None:
    game = group_game("block", 2, 3)
    match = game.match
    assert match is not None
    while not match.hand_over:
        match.play(match.turn, *match.legal_moves()[0])
    group = game.record.group
    assert group is not None
    notices = (
        SeatNotice(kind=NoticeKind.LEFT, seat=0, name="Ann", after_results=0),
        SeatNotice(kind=NoticeKind.TOOK, seat=0, name="Ann", after_results=1),
    )
    state = game.state
    assert isinstance(state, Playing)
    game = game.with_match(
        match, state.seats, state.seed, group=group.model_copy(update={"notices": notices})
    )
    told = [c.text for c in announcements(game, texts.translator("en"))]
    assert told[0].startswith("\u2068Ann\u2069 left the game")
    assert "is over:</b>" in told[1]
    assert told[2] == "\u2068Ann\u2069 takes over from Bot 1."


def kozel_lobby() -> Game:
    """A new Kozel lobby of a group, as `/kozel` makes it."""
    return group_record("kozel", 4, lobby.new_lobby(4)).changed(lobby.new_lobby(4))


async def first_message(fake: FakeTelegram) -> str:
    """The text of the bot's first message, waited for (in real time, up to 2 s)."""
    for _ in range(100):
        if fake.named("sendMessage"):
            break
        await asyncio.sleep(0.02)
    return str(fake.named("sendMessage")[0].params["text"])


async def test_the_worker_loop_plays_a_groups_bots_as_soon_as_a_save_wakes_it(
    app: App, fake: FakeTelegram
) -> None:
    """`run` as in production, in real time: a group game's save wakes it (its idle
    look is a minute away here), and the bots to move play, shown in the group."""
    worker = app.worker
    worker.rhythm = replace(worker.rhythm, idle_poll=60.0)
    loop = asyncio.create_task(worker.run())
    try:
        await asyncio.sleep(0.1)  # its first look: nothing to do yet
        game = group_game("block", 2, seed=next(s for s in range(50) if bot_leads(s)))
        await app.games.create(game)
        for _ in range(100):
            latest = await app.games.get(game.game_id)
            if latest is not None and latest.version > 1:
                break
            await asyncio.sleep(0.02)
        assert latest is not None
        assert latest.version > 1, "the bot never played"
        await app.outbox.settle()
        assert fake.named("editMessageText") or len(fake.named("sendMessage")) > 1
    finally:
        loop.cancel()


def bot_leads(seed: int) -> bool:
    """Whether the bot (seat 1) is the first to move in the block game of `seed`."""
    match, _ = Match.new("block", 2, 50, seed=seed)
    return match.turn == 1


async def test_the_worker_loop_shows_a_game_saved_just_before_an_outage_once_it_is_over(
    app: App, fake: FakeTelegram, server: FakeServer
) -> None:
    """A lobby saved just before Redis went away (and told to nobody) is shown once it
    is back: the worker looks again at its idle pace, and shows every live game again."""
    worker = app.worker
    worker.rhythm = replace(worker.rhythm, idle_poll=0.05)
    await app.games.store_new(kozel_lobby())
    server.connected = False
    loop = asyncio.create_task(worker.run())
    try:
        await asyncio.sleep(0.2)  # the worker met the outage, and tried again
        assert not fake.named("sendMessage")
        server.connected = True
        assert "<b>Kozel</b>" in await first_message(fake)
    finally:
        server.connected = True
        loop.cancel()
