"""Use cases: every refusal changes nothing; moves, bots, hands, rematch, stop."""

from __future__ import annotations

import asyncio
import random

import pytest
from fakeredis import FakeAsyncRedis

from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import GameOptions, GameService
from bot.game.people import Person
from bot.game.record import GameRecord, GameStatus
from bot.game.seats import BotSeat, HumanSeat
from bot.store.games import GameStorage
from core.engine import Match
from core.players import Level
from core.variants import Variant
from tests.bot.conftest import quick_players

ALICE = Person(user_id=1001, name="Alice", language="en", chat_id=1001)
BOB = 2002


async def new_game(service: GameService, variant: str = "block", opponents: int = 1) -> GameRecord:
    options = GameOptions(Variant(variant), opponents, Level.EASY, 50)
    return await service.create(ALICE.chat_id, ALICE, options)


def first_move(record: GameRecord) -> tuple[str, str | None]:
    match = Match.from_dict(record.engine)
    tile, end = match.legal_moves()[0]
    return str(tile), end.value if end else None


def decisions_of(record: GameRecord, seat: int) -> int:
    return sum(1 for d in Match.from_dict(record.engine).state.decisions if d.seat == seat)


async def refused(code: RefusalCode, change: object) -> RefusalError:
    with pytest.raises(RefusalError) as caught:
        await change  # type: ignore[misc]
    assert caught.value.code is code
    return caught.value


async def test_a_new_game_waits_for_the_human(service: GameService) -> None:
    record = await new_game(service, "draw", 3)
    match = Match.from_dict(record.engine)
    assert record.version == 1
    assert match.turn == 0 or match.hand_over
    assert isinstance(record.seats[0], HumanSeat)
    assert all(isinstance(s, BotSeat) for s in record.seats[1:])


async def test_kozel_is_you_and_a_bot_partner_against_two_bots(service: GameService) -> None:
    options = GameOptions(Variant.KOZEL, 3, Level.MEDIUM, 100)
    record = await service.create(ALICE.chat_id, ALICE, options)
    assert len(record.seats) == 4
    assert record.seat_of(ALICE.user_id) == 0


async def test_settings_the_engine_refuses_are_refused(service: GameService) -> None:
    options = GameOptions(Variant.KOZEL, 1, Level.EASY, 100)
    await refused(RefusalCode.BAD_OPTIONS, service.create(1, ALICE, options))
    options = GameOptions(Variant.DRAW, 1, Level.EASY, 75)
    await refused(RefusalCode.BAD_OPTIONS, service.create(1, ALICE, options))


async def test_one_active_game_per_chat(service: GameService) -> None:
    record = await new_game(service)
    refusal = await refused(RefusalCode.GAME_RUNNING, new_game(service))
    assert refusal.record == record


async def test_a_move_applies_and_the_bots_answer(service: GameService) -> None:
    record = await new_game(service, "draw", 2)
    tile, end = first_move(record)
    after = await service.play(record.game_id, ALICE.user_id, record.version, tile, end)
    assert after.version == record.version + 1
    assert decisions_of(after, 0) == decisions_of(record, 0) + 1
    match = Match.from_dict(after.engine)
    assert match.turn in (0, None)  # the bots played up to the human, or the hand ended
    mark = after.human(0).log_mark
    assert mark.hand_no == Match.from_dict(record.engine).state.hand_no


@pytest.mark.parametrize(
    ("who", "version", "tile", "end", "code"),
    [
        (BOB, None, None, None, RefusalCode.NOT_A_PLAYER),
        (ALICE.user_id, 0, None, None, RefusalCode.STALE),
        (ALICE.user_id, None, "9-9", None, RefusalCode.INVALID),
        (ALICE.user_id, None, "junk", "left", RefusalCode.INVALID),
        (ALICE.user_id, None, None, "middle", RefusalCode.INVALID),
    ],
)
async def test_refused_moves_change_nothing(
    service: GameService,
    who: int,
    version: int | None,
    tile: str | None,
    end: str | None,
    code: RefusalCode,
) -> None:
    record = await new_game(service, "block", 3)
    good_tile, good_end = first_move(record)
    await refused(
        code,
        service.play(
            record.game_id,
            who,
            record.version if version is None else version,
            good_tile if tile is None else tile,
            good_end if end is None else end,
        ),
    )
    assert await service.storage.load(record.game_id) == record


async def test_a_tile_not_held_is_refused(service: GameService) -> None:
    record = await new_game(service, "block", 1)
    match = Match.from_dict(record.engine)
    held = {str(t) for t in match.state.hands[0]}
    foreign = next(str(t) for hand in match.state.hands[1:] for t in hand if str(t) not in held)
    await refused(
        RefusalCode.INVALID,
        service.play(record.game_id, ALICE.user_id, record.version, foreign, None),
    )


async def test_an_unknown_game_is_refused(service: GameService) -> None:
    await refused(RefusalCode.NO_GAME, service.play("ffffffffff", 1, 1, "0-0", None))


async def test_two_presses_at_once_apply_one_move(storage: GameStorage) -> None:
    """Both presses load the same version before either saves: the compare-and-set
    lets the first through and refuses the second."""
    both_loaded = asyncio.Barrier(2)
    loads = 0

    class SlowLoads(GameStorage):
        async def load(self, game_id: str) -> GameRecord | None:
            nonlocal loads
            record = await super().load(game_id)
            loads += 1
            if loads <= 2:  # the two presses' first loads meet here
                await both_loaded.wait()
            return record

    service = GameService(storage, quick_players(), rng=random.Random(5))
    record = await new_game(service, "draw", 1)
    racing = GameService(SlowLoads(storage.redis), quick_players(), rng=random.Random(6))
    tile, end = first_move(record)
    results = await asyncio.gather(
        racing.play(record.game_id, ALICE.user_id, record.version, tile, end),
        racing.play(record.game_id, ALICE.user_id, record.version, tile, end),
        return_exceptions=True,
    )
    refusals = [r for r in results if isinstance(r, RefusalError)]
    assert len(refusals) == 1
    assert refusals[0].code is RefusalCode.STALE
    stored = await storage.load(record.game_id)
    assert stored is not None
    assert stored.version == record.version + 1
    assert decisions_of(stored, 0) == decisions_of(record, 0) + 1


async def test_bots_decide_the_same_way_for_the_same_game() -> None:
    """The bots' randomness comes from the game's seed: a replay gives the same game."""
    finals = []
    for chat in (1, 2):
        storage = GameStorage(FakeAsyncRedis())
        service = GameService(storage, quick_players(), rng=random.Random(77))
        person = Person(user_id=chat, name="A", language="en", chat_id=chat)
        options = GameOptions(Variant.DRAW, 3, Level.MEDIUM, 50)
        record = await service.create(chat, person, options)
        for _ in range(3):
            tile, end = first_move(record)
            record = await service.play(record.game_id, chat, record.version, tile, end)
            if Match.from_dict(record.engine).turn is None:
                break
        finals.append(Match.from_dict(record.engine).state.decisions)
    assert finals[0] == finals[1]


async def play_out_hand(service: GameService, record: GameRecord) -> GameRecord:
    while Match.from_dict(record.engine).turn is not None:
        tile, end = first_move(record)
        record = await service.play(record.game_id, ALICE.user_id, record.version, tile, end)
    return record


async def test_next_hand_only_once_the_hand_is_over(service: GameService) -> None:
    record = await new_game(service, "block", 1)
    await refused(
        RefusalCode.STALE, service.next_hand(record.game_id, ALICE.user_id, record.version)
    )
    record = await play_out_hand(service, record)
    hand = Match.from_dict(record.engine).state.hand_no
    if record.status is GameStatus.ACTIVE:
        record = await service.next_hand(record.game_id, ALICE.user_id, record.version)
        assert Match.from_dict(record.engine).state.hand_no == hand + 1


async def test_stop_ends_the_game_and_refuses_later_presses(service: GameService) -> None:
    record = await new_game(service)
    stopped = await service.stop(record.game_id, ALICE.user_id)
    assert stopped.status is GameStatus.STOPPED
    assert await service.active_game(ALICE.chat_id) is None
    await refused(RefusalCode.GAME_OVER, service.stop(record.game_id, ALICE.user_id))
    tile, end = first_move(stopped)
    await refused(
        RefusalCode.GAME_OVER,
        service.play(record.game_id, ALICE.user_id, stopped.version, tile, end),
    )
    await refused(RefusalCode.NOT_A_PLAYER, service.stop(record.game_id, BOB))


async def test_rematch_once_the_match_is_over(service: GameService) -> None:
    record = await new_game(service, "block", 1)
    await refused(RefusalCode.STALE, service.rematch(record.game_id, ALICE.user_id, 1))
    while record.status is GameStatus.ACTIVE:
        record = await play_out_hand(service, record)
        if record.status is GameStatus.ACTIVE:
            record = await service.next_hand(record.game_id, ALICE.user_id, record.version)
    assert Match.from_dict(record.engine).match_over
    again = await service.rematch(record.game_id, ALICE.user_id, record.version)
    assert again.game_id != record.game_id
    assert again.seats[0] == record.seats[0].model_copy(
        update={"log_mark": again.human(0).log_mark}
    )
    assert await service.active_game(ALICE.chat_id) == again
    # A second press of the same Rematch button finds the new game running.
    await refused(
        RefusalCode.GAME_RUNNING, service.rematch(record.game_id, ALICE.user_id, record.version)
    )


async def test_language_follows_the_player(service: GameService) -> None:
    record = await new_game(service)
    [updated] = await service.set_language(ALICE.chat_id, ALICE.user_id, "it")
    assert updated.human(0).language == "it"
    assert await service.set_language(ALICE.chat_id, ALICE.user_id, "it") == []
    assert await service.set_language(ALICE.chat_id, BOB, "fr") == []
    assert updated.version == record.version + 1
