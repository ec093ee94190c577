"""Bad presses: stale, repeated, forged, foreign, concurrent; store outages; lost
messages. Each is answered once, with a short alert, and changes nothing."""

from __future__ import annotations

import asyncio

import pytest
from aiogram.exceptions import TelegramBadRequest
from aiogram.methods import EditMessageText, TelegramMethod
from fakeredis import FakeServer

from bot.callbacks import ActionData, EndCode, GameAction, MoveData
from bot.record import GameRecord
from bot.service import GameService
from core.engine import Match
from tests.bot.handlers.driver import ALICE, open_game
from tests.bot.telegram import StoredMessage, TelegramHarness, alert_of, user
from texts import Texts

BOB = user(2002, "Bob")
OTHER_END = {EndCode.LEFT: EndCode.RIGHT, EndCode.RIGHT: EndCode.LEFT, EndCode.NONE: EndCode.LEFT}


async def started(harness: TelegramHarness) -> StoredMessage:
    return await open_game(harness, "Draw game", "2 bots", "Easy", "100")


async def stored(service: GameService) -> GameRecord:
    record = await service.game_for_chat(ALICE.id)
    assert record is not None
    return record


def moves_of(record: GameRecord) -> int:
    return len(Match.from_dict(record.engine).state.decisions)


def first_move(game: StoredMessage) -> str:
    data = game.buttons()[0].callback_data
    assert data is not None
    assert data.startswith("mv:")
    return data


async def test_a_repeated_press_is_refused_and_changes_nothing(
    harness: TelegramHarness, service: GameService, texts: Texts
) -> None:
    game = await started(harness)
    data = first_move(game)
    assert alert_of(await harness.press(ALICE, game, data)) is None
    after_first = await stored(service)
    answer = await harness.press(ALICE, game, data)
    assert alert_of(answer) == texts.get("en", "refusal-stale")
    assert await stored(service) == after_first


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
    harness: TelegramHarness, service: GameService, forge: object
) -> None:
    game = await started(harness)
    before = await stored(service)
    genuine = MoveData.unpack(first_move(game))
    forged = forge(genuine)  # type: ignore[operator]
    answer = await harness.press(ALICE, game, forged.pack())
    if forged.end is not genuine.end and forged.tile == genuine.tile:
        # The other end can be legal too: then it is a fair move, not a forgery.
        match = Match.from_dict(before.engine)
        fits = {(str(t), e.value[0] if e else "n") for t, e in match.legal_moves()}
        if (forged.tile, forged.end.value) in fits:
            return
    assert alert_of(answer) is not None
    assert await stored(service) == before


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
    harness: TelegramHarness, service: GameService, texts: Texts, data: str
) -> None:
    game = await started(harness)
    before = await stored(service)
    answer = await harness.press(ALICE, game, data)
    assert alert_of(answer) in {
        texts.get("en", "refusal-unknown-button"),
        texts.get("en", "refusal-no-game"),
    }
    assert await stored(service) == before


async def test_someone_else_pressing_the_game_gets_an_alert(
    harness: TelegramHarness, service: GameService, texts: Texts
) -> None:
    game = await started(harness)
    before = await stored(service)
    answer = await harness.press(BOB, game, first_move(game))
    assert alert_of(answer) == texts.get("en", "refusal-not-a-player")
    assert await stored(service) == before


async def test_next_hand_pressed_mid_hand_is_stale(
    harness: TelegramHarness, service: GameService, texts: Texts
) -> None:
    game = await started(harness)
    record = await stored(service)
    data = ActionData(game=record.game_id, version=record.version, action=GameAction.NEXT_HAND)
    answer = await harness.press(ALICE, game, data.pack())
    assert alert_of(answer) == texts.get("en", "refusal-stale")
    assert await stored(service) == record


async def test_a_double_press_at_once_applies_one_move(
    harness: TelegramHarness, service: GameService
) -> None:
    game = await started(harness)
    before = await stored(service)
    data = first_move(game)
    first = harness.press_update(ALICE, game, data, "double-1")
    second = harness.press_update(ALICE, game, data, "double-2")
    await asyncio.gather(
        harness.dp.feed_update(harness.bot, first), harness.dp.feed_update(harness.bot, second)
    )
    alerts = [alert_of(harness.answer_to(q)) for q in ("double-1", "double-2")]
    assert sorted(a is None for a in alerts) == [False, True]
    after = await stored(service)
    assert after.version == before.version + 1
    mine = [d for d in Match.from_dict(after.engine).state.decisions if d.seat == 0]
    assert len(mine) == 1


async def test_a_store_outage_loses_nothing_and_says_so(
    harness: TelegramHarness, service: GameService, server: FakeServer, texts: Texts
) -> None:
    game = await started(harness)
    before = await stored(service)
    data = first_move(game)
    server.connected = False
    answer = await harness.press(ALICE, game, data)
    server.connected = True
    assert alert_of(answer) == texts.get("en", "error-storage")
    assert await stored(service) == before
    assert alert_of(await harness.press(ALICE, game, data)) is None
    assert moves_of(await stored(service)) > moves_of(before)


async def test_an_outage_while_saving_loses_nothing(
    harness: TelegramHarness,
    service: GameService,
    server: FakeServer,
    texts: Texts,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = await started(harness)
    before = await stored(service)
    real_save = service.storage.save

    async def save_during_a_hiccup(record: GameRecord) -> GameRecord:
        server.connected = False
        try:
            return await real_save(record)
        finally:
            server.connected = True

    monkeypatch.setattr(service.storage, "save", save_during_a_hiccup)
    answer = await harness.press(ALICE, game, first_move(game))
    assert alert_of(answer) == texts.get("en", "error-storage")
    monkeypatch.undo()
    assert await stored(service) == before
    assert alert_of(await harness.press(ALICE, game, first_move(game))) is None


async def test_a_deleted_game_message_is_sent_again(
    harness: TelegramHarness, service: GameService
) -> None:
    game = await started(harness)
    data = first_move(game)
    del harness.fake.messages[(game.chat_id, game.message_id)]
    assert alert_of(await harness.press(ALICE, game, data)) is None
    record = await stored(service)
    new_id = await harness.private_message_id(record.game_id, ALICE.id)
    assert new_id is not None
    assert new_id != game.message_id
    resent = harness.fake.message(ALICE.id, new_id)
    # Remembering the new message changes no version: its buttons are the game's.
    assert resent.buttons()
    assert all(f":{record.version}:" in (b.callback_data or "") for b in resent.buttons())
    assert alert_of(await harness.press(ALICE, resent, first_move(resent))) is None


@pytest.mark.errors_expected
async def test_an_unexpected_failure_still_answers_the_press(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await started(harness)

    def fail_edits(method: TelegramMethod[object]) -> Exception | None:
        if isinstance(method, EditMessageText):
            return TelegramBadRequest(method, "Bad Request: something unexpected")
        return None

    harness.fake.fail_next.append(fail_edits)
    answer = await harness.press(ALICE, game, first_move(game))
    assert alert_of(answer) == texts.get("en", "error-generic")
