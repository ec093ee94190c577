"""Bad presses: stale, repeated, forged, foreign, concurrent; store outages; lost
messages. Each is answered once, with a short alert, and changes nothing."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from aiogram.exceptions import TelegramBadRequest
from aiogram.methods import AnswerCallbackQuery, EditMessageText, TelegramMethod
from fakeredis import FakeServer
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.app import App
from bot.game.actions import GameAction
from bot.game.games import Games
from bot.game.matches import Matches
from bot.game.record import GameRecord
from bot.game.state import Game
from bot.store import keys
from bot.store.games import GameStore
from bot.telegram.callbacks import ActionData, EndCode, MoveData
from tests.bot.conftest import FakeClock
from tests.bot.fake_telegram import StoredMessage, TelegramHarness, alert_of, user
from tests.bot.telegram.handlers.driver import ALICE, open_game
from texts import Texts

BOB = user(2002, "Bob")
OTHER_END = {EndCode.LEFT: EndCode.RIGHT, EndCode.RIGHT: EndCode.LEFT, EndCode.NONE: EndCode.LEFT}


async def started(harness: TelegramHarness) -> StoredMessage:
    return await open_game(harness, "Draw game", "2 bots", "Easy", "100")


async def stored(games: Games) -> GameRecord:
    """The stored record (records compare by content)."""
    game = await games.for_chat(ALICE.id)
    assert game is not None
    return game.record


def moves_of(record: GameRecord) -> int:
    match = Game.load(record).match
    assert match is not None
    return len(match.state.decisions)


def first_move(game: StoredMessage) -> str:
    data = game.buttons()[0].callback_data
    assert data is not None
    assert data.startswith("mv:")
    return data


async def test_a_repeated_press_is_refused_and_changes_nothing(
    harness: TelegramHarness, games: Games, texts: Texts
) -> None:
    game = await started(harness)
    data = first_move(game)
    assert alert_of(await harness.press(ALICE, game, data)) is None
    after_first = await stored(games)
    answer = await harness.press(ALICE, game, data)
    assert alert_of(answer) == texts.get("en", "refusal-stale")
    assert await stored(games) == after_first


async def test_a_stale_press_refreshes_the_message(harness: TelegramHarness) -> None:
    game = await started(harness)
    data = first_move(game)
    await harness.press(ALICE, game, data)
    current = harness.fake.message(game.chat_id, game.message_id)
    # The player sees an old copy of the message (the edit was lost on the way).
    harness.fake.messages[(game.chat_id, game.message_id)] = StoredMessage(
        game.chat_id, game.message_id, game.text, game.markup
    )
    assert alert_of(await harness.press(ALICE, game, data)) is not None
    assert harness.fake.message(game.chat_id, game.message_id).text == current.text


@pytest.mark.parametrize(
    "forge",
    [
        lambda d: d.model_copy(update={"tile": "9-9"}),
        lambda d: d.model_copy(update={"tile": "junk"}),
        lambda d: d.model_copy(update={"game": "ffffffffff"}),
        lambda d: d.model_copy(update={"version": d.version + 5}),
        lambda d: d.model_copy(
            update={"end": EndCode.RIGHT if d.end is EndCode.LEFT else EndCode.LEFT}
        ),
    ],
    ids=["no-such-tile", "junk-tile", "other-game", "future-version", "wrong-end"],
)
async def test_forged_move_buttons_are_refused(
    harness: TelegramHarness, games: Games, forge: object
) -> None:
    game = await started(harness)
    before = await stored(games)
    genuine = MoveData.unpack(first_move(game))
    forged = forge(genuine)  # type: ignore[operator]
    answer = await harness.press(ALICE, game, forged.pack())
    if forged.end is not genuine.end and forged.tile == genuine.tile:
        # The other end can be legal too: then it is a fair move, not a forgery.
        match = Game.load(before).match
        assert match is not None
        fits = {(str(t), e.value[0] if e else "n") for t, e in match.legal_moves()}
        if (forged.tile, forged.end.value) in fits:
            return
    assert alert_of(answer) is not None
    assert await stored(games) == before


@pytest.mark.parametrize(
    "data",
    [
        "",
        "junk",
        "mv:",
        "mv:0123456789:1:1-2",
        "mv:0123456789:x:1-2:l",
        "mv:0123456789:1:1-2:q",
        "gm:0123456789:1:explode",
        "zz:" + "9" * 60,
    ],
)
async def test_junk_callback_data_gets_an_alert(
    harness: TelegramHarness, games: Games, texts: Texts, data: str
) -> None:
    game = await started(harness)
    before = await stored(games)
    answer = await harness.press(ALICE, game, data)
    assert alert_of(answer) in {
        texts.get("en", "refusal-unknown-button"),
        texts.get("en", "refusal-no-game"),
    }
    assert await stored(games) == before


async def test_someone_else_pressing_the_game_gets_an_alert(
    harness: TelegramHarness, games: Games, texts: Texts
) -> None:
    game = await started(harness)
    before = await stored(games)
    answer = await harness.press(BOB, game, first_move(game))
    assert alert_of(answer) == texts.get("en", "refusal-not-a-player")
    assert await stored(games) == before


async def test_next_hand_pressed_mid_hand_is_stale(
    harness: TelegramHarness, games: Games, texts: Texts
) -> None:
    game = await started(harness)
    record = await stored(games)
    data = ActionData(game=record.game_id, version=record.version, action=GameAction.NEXT_HAND)
    answer = await harness.press(ALICE, game, data.pack())
    assert alert_of(answer) == texts.get("en", "refusal-stale")
    assert await stored(games) == record


async def test_a_double_press_at_once_applies_one_move(
    harness: TelegramHarness, games: Games
) -> None:
    game = await started(harness)
    before = await stored(games)
    data = first_move(game)
    first = harness.press_update(ALICE, game, data, "double-1")
    second = harness.press_update(ALICE, game, data, "double-2")
    await asyncio.gather(
        harness.dp.feed_update(harness.bot, first), harness.dp.feed_update(harness.bot, second)
    )
    alerts = [alert_of(harness.answer_to(q)) for q in ("double-1", "double-2")]
    assert sorted(a is None for a in alerts) == [False, True]
    after = await stored(games)
    assert after.version == before.version + 1
    match = Game.load(after).match
    assert match is not None
    mine = [d for d in match.state.decisions if d.seat == 0]
    assert len(mine) == 1


async def test_a_store_outage_loses_nothing_and_says_so(
    harness: TelegramHarness, games: Games, server: FakeServer, texts: Texts
) -> None:
    game = await started(harness)
    before = await stored(games)
    data = first_move(game)
    server.connected = False
    answer = await harness.press(ALICE, game, data)
    server.connected = True
    assert alert_of(answer) == texts.get("en", "error-storage")
    assert await stored(games) == before
    assert alert_of(await harness.press(ALICE, game, data)) is None
    assert moves_of(await stored(games)) > moves_of(before)


async def test_an_outage_before_the_save_says_nothing_changed_and_loses_nothing(
    harness: TelegramHarness,
    games: Games,
    storage: GameStore,
    server: FakeServer,
    texts: Texts,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Redis out of reach for the save itself but back to read its outcome: the press is
    told nothing was changed, which is true, and the same button works afterwards."""
    game = await started(harness)
    before = await stored(games)
    script = storage._save

    async def unreachable(**kwargs: Any) -> object:
        server.connected = False
        try:
            return await script(**kwargs)
        finally:
            server.connected = True

    monkeypatch.setattr(storage, "_save", unreachable)
    answer = await harness.press(ALICE, game, first_move(game))
    assert alert_of(answer) == texts.get("en", "error-storage")
    monkeypatch.undo()
    assert await stored(games) == before
    assert alert_of(await harness.press(ALICE, game, first_move(game))) is None


async def test_a_save_whose_outcome_is_unknown_is_not_called_a_failure(
    harness: TelegramHarness,
    storage: GameStore,
    server: FakeServer,
    texts: Texts,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Redis stops answering in the middle of the save: the press is told the move may
    or may not be recorded, never that nothing changed."""
    game = await started(harness)
    real_save = storage.save

    async def save_during_an_outage(game: Game, *, moved_from: int | None = None) -> Game:
        server.connected = False
        try:
            return await real_save(game, moved_from=moved_from)
        finally:
            server.connected = True

    monkeypatch.setattr(storage, "save", save_during_an_outage)
    answer = await harness.press(ALICE, game, first_move(game))
    assert alert_of(answer) == texts.get("en", "error-storage-uncertain")


async def test_a_move_saved_just_before_an_outage_is_shown_all_the_same_and_once(
    harness: TelegramHarness,
    app: App,
    games: Games,
    storage: GameStore,
    server: FakeServer,
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The store goes out of reach between the save and what follows it: the save took
    the chat for this process, which sends the move without the store; what the call
    changed is written once the store is back, with nothing sent twice."""
    game = await started(harness)
    real_save = storage.save

    async def then_unreachable(game: Game, *, moved_from: int | None = None) -> Game:
        saved = await real_save(game, moved_from=moved_from)
        server.connected = False
        return saved

    monkeypatch.setattr(storage, "save", then_unreachable)
    await harness.press(ALICE, game, first_move(game))
    monkeypatch.undo()
    server.connected = True
    after = await stored(games)
    shown = harness.fake.message(game.chat_id, game.message_id)
    assert all(f":{after.version}:" in (b.callback_data or "") for b in shown.buttons())
    calls = len(harness.fake.calls)
    clock.advance(10)
    await app.outbox.look()
    await harness.settle()
    assert harness.fake.calls[calls:] == []
    assert harness.fake.message(game.chat_id, game.message_id) == shown
    assert await storage.redis.hgetall(keys.outbox(game.chat_id)) == {}  # written, cleared


async def test_a_saved_move_whose_answer_was_lost_is_shown_as_made(
    harness: TelegramHarness,
    games: Games,
    storage: GameStore,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The save reached Redis and only its answer was lost: the move is made and shown,
    and the press gets no alert."""
    game = await started(harness)
    before = await stored(games)
    script = storage._save

    async def answer_lost(**kwargs: Any) -> object:
        await script(**kwargs)
        raise RedisTimeoutError("the answer was lost")

    monkeypatch.setattr(storage, "_save", answer_lost)
    answer = await harness.press(ALICE, game, first_move(game))
    assert alert_of(answer) is None
    after = await stored(games)
    assert after.version == before.version + 1
    shown = harness.fake.message(game.chat_id, game.message_id)
    assert f":{after.version}:" in "".join(b.callback_data or "" for b in shown.buttons())


async def test_a_deleted_game_message_is_sent_again(harness: TelegramHarness, games: Games) -> None:
    game = await started(harness)
    data = first_move(game)
    del harness.fake.messages[(game.chat_id, game.message_id)]
    assert alert_of(await harness.press(ALICE, game, data)) is None
    record = await stored(games)
    new_id = await harness.private_message_id(record.game_id, ALICE.id)
    assert new_id is not None
    assert new_id != game.message_id
    resent = harness.fake.message(ALICE.id, new_id)
    # Remembering the new message changes no version: its buttons are the game's.
    assert resent.buttons()
    assert all(f":{record.version}:" in (b.callback_data or "") for b in resent.buttons())
    assert alert_of(await harness.press(ALICE, resent, first_move(resent))) is None


@pytest.mark.errors_expected
async def test_a_refused_edit_after_a_saved_move_tells_no_lie(
    harness: TelegramHarness, games: Games, caplog: pytest.LogCaptureFixture
) -> None:
    """The move was made: the press is not told that nothing changed; the refusal is
    logged, and the next change is shown again."""
    game = await started(harness)
    before = await stored(games)

    def fail_edits(method: TelegramMethod[object]) -> Exception | None:
        if isinstance(method, EditMessageText):
            return TelegramBadRequest(method, "Bad Request: something unexpected")
        return None

    harness.fake.fail_next.append(fail_edits)
    answer = await harness.press(ALICE, game, first_move(game))
    assert alert_of(answer) is None
    assert (await stored(games)).version == before.version + 1
    assert "refused: Bad Request: something unexpected" in caplog.text


async def test_a_press_that_expired_before_its_answer_keeps_its_move_and_is_no_error(
    harness: TelegramHarness, games: Games, caplog: pytest.LogCaptureFixture
) -> None:
    """Made while the bot was down, handed over after Telegram's answer window: the move
    stands, and the refused answer is a warning, not an error (no test may log one)."""
    game = await started(harness)
    before = await stored(games)

    def expired(method: TelegramMethod[object]) -> Exception | None:
        if isinstance(method, AnswerCallbackQuery):
            return TelegramBadRequest(
                method,
                "Bad Request: query is too old and response timeout expired or query ID is invalid",
            )
        return None

    harness.fake.fail_next.append(expired)
    await harness.press(ALICE, game, first_move(game))
    assert (await stored(games)).version == before.version + 1
    assert "not answered: Bad Request: query is too old" in caplog.text


@pytest.mark.errors_expected
async def test_an_unexpected_failure_still_answers_the_press(
    harness: TelegramHarness, texts: Texts, matches: Matches, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await started(harness)

    async def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(matches, "play", broken)
    answer = await harness.press(ALICE, game, first_move(game))
    assert alert_of(answer) == texts.get("en", "error-generic")
