"""The use cases every game shares: every refusal changes nothing; moves, bots, hands,
rematch, stop, a group bot's decision, languages, and the retried update."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import pytest
from fakeredis import FakeAsyncRedis
from redis.crc import key_slot

from bot.game import lobby
from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import ATTEMPTS, GameOptions, Games, opponent_choices, speaking, stopped
from bot.game.people import Person
from bot.game.ports import VersionConflictError
from bot.game.record import NoticeKind, SeatNotice
from bot.game.seats import BotSeat, HumanSeat, LogMark, Seat
from bot.game.state import Finished, Game, HandOver, Lobby, Playing, Stopped
from bot.store import keys
from bot.store.games import GameStore
from bot.store.slots import shard_of_chat
from core.engine import Match
from core.players import Level
from core.variants import Variant
from tests.bot.conftest import FakeClock, quick_players
from tests.bot.factories import (
    GROUP_ID,
    finish_match,
    group_lobby,
    human,
    person,
    record_for,
    secret,
)
from tests.bot.game.helpers import refused, stored

ALICE = person(1001, "Alice")
BOB = 2002


async def new_game(
    games: Games,
    variant: str = "block",
    opponents: int = 1,
    who: Person = ALICE,
    level: Level = Level.EASY,
) -> Game:
    options = GameOptions(Variant(variant), opponents, level, 50)
    return await games.create(who.chat_id, who, options)


def engine(game: Game) -> Match:
    assert game.match is not None
    return game.match


def first_move(game: Game) -> tuple[str, str | None]:
    tile, end = engine(game).legal_moves()[0]
    return str(tile), end.value if end else None


def decisions_of(game: Game, seat: int) -> int:
    return sum(1 for d in engine(game).state.decisions if d.seat == seat)


async def play_out_hand(games: Games, game: Game, who: int = ALICE.user_id) -> Game:
    """`who` plays their first legal move until the hand is over."""
    while isinstance(game.state, Playing):
        tile, end = first_move(game)
        game = await games.play(game.game_id, who, game.version, tile, end, who)
    return game


async def play_out_match(games: Games, game: Game) -> Game:
    while game.is_active:
        game = await play_out_hand(games, game)
        if isinstance(game.state, HandOver):
            game = await games.next_hand(game.game_id, ALICE.user_id, game.version, ALICE.user_id)
    return game


async def in_group(store: GameStore, match: Match, seats: list[Seat], **fields: Any) -> Game:
    """A group game playing `match`, stored (version 1)."""
    group = lobby.new_group("Room", person(11))
    game = record_for(match, seats, chat_id=GROUP_ID, game_id="0000000b40", group=group)
    if fields:
        game = game.changed(game.record.stage, game.match, **fields)
    return await store.create(game)


# -- creating -----------------------------------------------------------------------------


async def test_a_new_game_waits_for_the_human(
    games: Games, store: GameStore, clock: FakeClock
) -> None:
    game = await new_game(games, "draw", 3)
    assert game.version == 1
    assert isinstance(game.state, Playing | HandOver)
    if isinstance(game.state, Playing):
        assert game.state.turn == 0
    assert game.seats[0] == human(1001, "Alice")
    assert all(isinstance(s, BotSeat) and s.level is Level.EASY for s in game.seats[1:])
    assert (game.record.created_at, game.record.updated_at) == (clock.at, clock.at)
    assert not game.in_group
    assert (await stored(store, game.game_id)).record == game.record
    assert (await store.load_for_chat(ALICE.chat_id)) is not None


async def test_kozel_is_you_and_a_bot_partner_against_two_bots(games: Games) -> None:
    options = GameOptions(Variant.KOZEL, 3, Level.MEDIUM, 100)
    game = await games.create(ALICE.chat_id, ALICE, options)
    assert len(game.seats) == 4
    assert game.seat_of(ALICE.user_id) == 0
    assert game.settings.level is Level.MEDIUM


def test_the_opponents_a_person_may_choose_come_from_the_rules() -> None:
    assert opponent_choices(Variant.DRAW) == [1, 2, 3]
    assert opponent_choices(Variant.KOZEL) == [3]
    assert GameOptions(Variant.DRAW, 2, Level.EASY, 50).n_players == 3


async def test_settings_the_engine_refuses_are_refused(games: Games) -> None:
    options = GameOptions(Variant.KOZEL, 1, Level.EASY, 100)
    await refused(RefusalCode.BAD_OPTIONS, games.create(1, ALICE, options))
    options = GameOptions(Variant.DRAW, 1, Level.EASY, 75)
    await refused(RefusalCode.BAD_OPTIONS, games.create(1, ALICE, options))
    options = GameOptions(Variant.DRAW, 1, "genius", 50)  # type: ignore[arg-type]
    await refused(RefusalCode.BAD_OPTIONS, games.create(1, ALICE, options))
    assert await games.for_chat(1) is None


async def test_one_live_game_per_chat(games: Games) -> None:
    game = await new_game(games)
    await refused(RefusalCode.GAME_RUNNING, new_game(games))
    latest = await games.for_chat(ALICE.chat_id)
    assert latest is not None
    assert latest.record == game.record


async def test_a_game_id_already_taken_is_refused_as_stale(store: GameStore) -> None:
    """Two use cases drawing the same id: the second may not overwrite the first."""
    first = Games(store, quick_players(), rng=random.Random(3))
    second = Games(store, quick_players(), rng=random.Random(3))
    game = await new_game(first)
    # Another chat whose games are placed in the same shard: the same draw, the same id.
    chat = next(c for c in range(2, 10_000) if shard_of_chat(c) == shard_of_chat(ALICE.chat_id))
    await refused(RefusalCode.STALE, new_game(second, who=person(chat)))
    assert (await stored(store, game.game_id)).record == game.record
    assert await store.load_for_chat(chat) is None


def test_new_ids_and_secrets_fit_their_record(games: Games) -> None:
    ids = {games.new_game_id(-100) for _ in range(50)}
    assert len(ids) == 50
    assert all(len(i) == 10 and int(i, 16) < 2**40 for i in ids)
    # Placed with the chat's pointer: one slot of a Redis Cluster for both.
    assert {key_slot(keys.game(i).encode()) for i in ids} == {key_slot(keys.chat(-100).encode())}
    match_secrets = {games.new_secret() for _ in range(50)}
    assert len(match_secrets) == 50
    assert all(len(s) == 32 for s in match_secrets)  # 256 bits


# -- moves -----------------------------------------------------------------------------------


async def test_a_move_applies_and_the_bots_answer(games: Games, clock: FakeClock) -> None:
    game = await new_game(games, "draw", 2)
    before = engine(game).state
    hand_no, logged = before.hand_no, len(before.log)
    decided = decisions_of(game, 0)
    tile, end = first_move(game)
    clock.advance(30)
    after = await games.play(game.game_id, ALICE.user_id, game.version, tile, end, ALICE.user_id)
    assert after.version == game.version + 1
    assert decisions_of(after, 0) == decided + 1
    assert engine(after).turn in (0, None)  # the bots played up to the human, or the hand ended
    assert after.human(0).log_mark == LogMark(hand_no=hand_no, index=logged)
    assert after.record.updated_at == clock.at
    assert after.record.created_at == game.record.created_at


@pytest.mark.parametrize(
    ("who", "version", "tile", "end", "code"),
    [
        (BOB, None, None, None, RefusalCode.NOT_A_PLAYER),
        (ALICE.user_id, 0, None, None, RefusalCode.STALE),
        (ALICE.user_id, 2, None, None, RefusalCode.STALE),
        (ALICE.user_id, None, "9-9", None, RefusalCode.INVALID),
        (ALICE.user_id, None, "junk", "left", RefusalCode.INVALID),
        (ALICE.user_id, None, None, "middle", RefusalCode.INVALID),
    ],
)
async def test_refused_moves_change_nothing(
    games: Games,
    store: GameStore,
    who: int,
    version: int | None,
    tile: str | None,
    end: str | None,
    code: RefusalCode,
) -> None:
    game = await new_game(games, "block", 3)
    good_tile, good_end = first_move(game)
    await refused(
        code,
        games.play(
            game.game_id,
            who,
            game.version if version is None else version,
            good_tile if tile is None else tile,
            good_end if end is None else end,
            who,
        ),
    )
    assert (await stored(store, game.game_id)).record == game.record


async def test_a_press_handed_again_once_its_move_is_saved_gets_the_game_as_it_is(
    games: Games, store: GameStore
) -> None:
    game = await new_game(games, "draw", 2)
    tile, end = first_move(game)
    press = (game.game_id, ALICE.user_id, game.version, tile, end, ALICE.user_id)
    played = await games.play(*press, press="q-7")
    assert played.human(0).press == "q-7"

    again = await games.play(*press, press="q-7")  # its process died before answering

    assert again.record == played.record
    assert (await stored(store, game.game_id)).record == played.record
    await refused(RefusalCode.STALE, games.play(*press, press="q-8"))  # another press
    await refused(RefusalCode.STALE, games.play(*press))


async def test_a_tile_not_held_is_refused(games: Games, store: GameStore) -> None:
    game = await new_game(games, "block", 1)
    state = engine(game).state
    held = {str(t) for t in state.hands[0]}
    foreign = next(str(t) for hand in state.hands[1:] for t in hand if str(t) not in held)
    await refused(
        RefusalCode.INVALID,
        games.play(game.game_id, ALICE.user_id, game.version, foreign, None, ALICE.user_id),
    )
    assert (await stored(store, game.game_id)).version == game.version


async def test_an_unknown_game_is_refused(games: Games) -> None:
    await refused(RefusalCode.NO_GAME, games.play("ffffffffff", 1, 1, "0-0", None, 1))
    await refused(RefusalCode.NO_GAME, games.next_hand("ffffffffff", 1, 1, 1))
    await refused(RefusalCode.NO_GAME, games.rematch("ffffffffff", 1, 1, 1))
    await refused(RefusalCode.NO_GAME, games.stop("ffffffffff", 1))


async def test_two_presses_at_once_apply_one_move(redis: FakeAsyncRedis) -> None:
    """Both presses load the same version before either saves: the compare-and-set
    lets the first through and refuses the second."""
    both_loaded = asyncio.Barrier(2)
    loads = 0

    class SlowLoads(GameStore):
        async def load(self, game_id: str) -> Game | None:
            nonlocal loads
            game = await super().load(game_id)
            loads += 1
            if loads <= 2:  # the two presses' first loads meet here
                await both_loaded.wait()
            return game

    store = GameStore(redis)
    game = await new_game(Games(store, quick_players(), rng=random.Random(5)), "draw", 1)
    racing = Games(SlowLoads(redis), quick_players(), rng=random.Random(6))
    tile, end = first_move(game)
    results = await asyncio.gather(
        racing.play(game.game_id, ALICE.user_id, game.version, tile, end, ALICE.user_id),
        racing.play(game.game_id, ALICE.user_id, game.version, tile, end, ALICE.user_id),
        return_exceptions=True,
    )
    refusals = [r for r in results if isinstance(r, RefusalError)]
    assert len(refusals) == 1
    assert refusals[0].code is RefusalCode.STALE
    latest = await stored(store, game.game_id)
    assert latest.version == game.version + 1
    assert decisions_of(latest, 0) == decisions_of(game, 0) + 1


async def test_bots_decide_the_same_way_for_the_same_game() -> None:
    """The bots' randomness comes from the game's seed: a replay gives the same game."""
    finals = []
    for chat in (1, 2):
        games = Games(GameStore(FakeAsyncRedis()), quick_players(), rng=random.Random(77))
        who = person(chat, "A")
        options = GameOptions(Variant.DRAW, 3, Level.MEDIUM, 50)
        game = await games.create(chat, who, options)
        for _ in range(3):
            tile, end = first_move(game)
            game = await games.play(game.game_id, chat, game.version, tile, end, chat)
            if engine(game).turn is None:
                break
        finals.append(engine(game).state.decisions)
    assert finals[0] == finals[1]


async def test_the_person_not_to_move_is_refused(store: GameStore, games: Games) -> None:
    match, _ = Match.new(Variant.BLOCK, 2, 50, seed=1)
    game = await in_group(store, match, [human(1, "Ann"), human(2, "Ben")])
    assert isinstance(game.state, Playing)
    waiting = game.human(1 - game.state.turn)
    tile, end = first_move(game)
    await refused(
        RefusalCode.NOT_YOUR_TURN,
        games.play(game.game_id, waiting.user_id, 1, tile, end, waiting.user_id),
    )
    assert (await stored(store, game.game_id)).version == 1


async def test_in_a_group_a_move_is_not_followed_by_the_bots(
    store: GameStore, games: Games
) -> None:
    """The group's bots play one decision at a time, each through `bot_move`."""
    match, _ = Match.new(Variant.BLOCK, 2, 50, seed=1)
    seats: list[Seat] = [BotSeat(level=Level.EASY)] * 2
    seats[match.turn or 0] = human(1, "Ann")
    game = await in_group(store, match, seats)
    tile, end = first_move(game)
    after = await games.play(game.game_id, 1, game.version, tile, end, 1)
    assert len(engine(after).state.decisions) == len(match.state.decisions) + 1
    assert isinstance(after.state, Playing)
    assert after.is_bot(after.state.turn)


# -- a group bot's decision ------------------------------------------------------------------


async def test_a_group_bot_makes_one_decision_and_it_is_saved(
    store: GameStore, games: Games
) -> None:
    match, _ = Match.new(Variant.BLOCK, 2, 50, seed=1)
    seats: list[Seat] = [human(1, "Ann")] * 2
    seats[match.turn or 0] = BotSeat(level=Level.MEDIUM)
    game = await in_group(store, match, seats)
    after = await games.bot_move(game)
    assert after.version == game.version + 1
    assert len(engine(after).state.decisions) == len(match.state.decisions) + 1
    assert (await stored(store, game.game_id)).record == after.record
    again = await games.bot_move(after)  # a person is to move now (or the hand is over)
    assert again is after


async def test_a_bot_decision_on_an_old_version_is_refused(store: GameStore, games: Games) -> None:
    match, _ = Match.new(Variant.BLOCK, 2, 50, seed=1)
    seats: list[Seat] = [human(1, "Ann")] * 2
    seats[match.turn or 0] = BotSeat(level=Level.MEDIUM)
    game = await in_group(store, match, seats)
    await store.save(game)  # someone else wrote meanwhile
    await refused(RefusalCode.STALE, games.bot_move(game))


async def test_no_bot_decision_over_a_lobby_or_a_finished_match(store: GameStore) -> None:
    games = Games(store, quick_players())
    match = finish_match(Match.new(Variant.BLOCK, 2, 50, seed=1)[0])
    finished = record_for(match, [human(1), human(2)])
    for game in (group_lobby(), finished):
        assert await games.bot_move(game) is game


async def test_a_hard_bot_thinks_in_a_worker_thread(
    games: Games, monkeypatch: pytest.MonkeyPatch
) -> None:
    threaded: list[Callable[[], None]] = []

    async def to_thread(work: Callable[[], None]) -> None:
        threaded.append(work)
        work()

    monkeypatch.setattr(asyncio, "to_thread", to_thread)
    await new_game(games, level=Level.EASY)
    assert threaded == []
    await new_game(games, level=Level.HARD, who=person(5))
    assert len(threaded) == 1


# -- hands, stop, rematch ------------------------------------------------------------------------


async def test_next_hand_only_once_the_hand_is_over(games: Games) -> None:
    game = await new_game(games, "block", 1)
    await refused(
        RefusalCode.STALE, games.next_hand(game.game_id, ALICE.user_id, game.version, ALICE.user_id)
    )
    game = await play_out_hand(games, game)
    assert isinstance(game.state, HandOver)
    await refused(
        RefusalCode.STALE,
        games.play(game.game_id, ALICE.user_id, game.version, "0-0", None, ALICE.user_id),
    )
    await refused(RefusalCode.STALE, games.next_hand(game.game_id, ALICE.user_id, 1, ALICE.user_id))
    hand = engine(game).state.hand_no
    game = await games.next_hand(game.game_id, ALICE.user_id, game.version, ALICE.user_id)
    assert engine(game).state.hand_no == hand + 1
    assert isinstance(game.state, Playing | HandOver)
    assert engine(game).turn in (0, None)  # the bots played up to the human


async def test_stop_ends_the_game_and_refuses_later_presses(games: Games) -> None:
    game = await new_game(games)
    ended = await games.stop(game.game_id, ALICE.user_id)
    assert isinstance(ended.state, Stopped)
    assert ended.match is not None
    assert ended.version == game.version + 1
    assert await games.live_for_chat(ALICE.chat_id) is None
    latest = await games.for_chat(ALICE.chat_id)
    assert latest is not None
    assert latest.version == ended.version
    await refused(RefusalCode.GAME_OVER, games.stop(game.game_id, ALICE.user_id))
    tile, end = first_move(game)
    await refused(
        RefusalCode.GAME_OVER,
        games.play(game.game_id, ALICE.user_id, ended.version, tile, end, ALICE.user_id),
    )
    await refused(RefusalCode.NOT_A_PLAYER, games.stop(game.game_id, BOB))


async def test_a_stopped_game_leaves_the_chat_free(games: Games) -> None:
    game = await new_game(games)
    await games.stop(game.game_id, ALICE.user_id)
    again = await new_game(games)
    assert again.game_id != game.game_id
    live = await games.live_for_chat(ALICE.chat_id)
    assert live is not None
    assert live.game_id == again.game_id
    old = await games.get(game.game_id)
    assert old is not None
    assert isinstance(old.state, Stopped)


async def test_rematch_once_the_match_is_over(games: Games) -> None:
    game = await new_game(games, "block", 1)
    await refused(RefusalCode.STALE, games.rematch(game.game_id, ALICE.user_id, 1, ALICE.user_id))
    game = await play_out_match(games, game)
    assert isinstance(game.state, Finished)
    assert await games.live_for_chat(ALICE.chat_id) is None
    await refused(RefusalCode.NOT_A_PLAYER, games.rematch(game.game_id, BOB, game.version, BOB))
    again = await games.rematch(game.game_id, ALICE.user_id, game.version, ALICE.user_id)
    assert again.game_id != game.game_id
    assert again.version == 1
    assert again.seats[0] == game.human(0).model_copy(update={"log_mark": LogMark()})
    assert again.seats[1:] == game.seats[1:]
    assert again.settings == game.settings
    assert isinstance(again.state, Playing | HandOver)
    live = await games.live_for_chat(ALICE.chat_id)
    assert live is not None
    assert live.record == again.record
    # A second press of the same Rematch button finds the new game running.
    await refused(
        RefusalCode.GAME_RUNNING,
        games.rematch(game.game_id, ALICE.user_id, game.version, ALICE.user_id),
    )


async def test_a_group_rematch_clears_the_notices_and_leaves_the_bots_to_the_worker(
    store: GameStore, games: Games
) -> None:
    match = finish_match(Match.new(Variant.BLOCK, 2, 50, seed=1)[0])
    notice = SeatNotice(kind=NoticeKind.LEFT, seat=1, name="Ben", after_results=1)
    group = lobby.new_group("Room", person(11)).model_copy(update={"notices": (notice,)})
    game = await in_group(store, match, [human(1, "Ann"), BotSeat(level=Level.EASY)], group=group)
    again = await games.rematch(game.game_id, 1, game.version, GROUP_ID)  # on the table
    assert again.record.group is not None
    assert again.record.group.notices == ()
    assert again.record.group.title == "Room"
    assert again.chat_id == GROUP_ID
    assert decisions_of(again, 1) == 0  # the bot has not played yet


# -- languages -------------------------------------------------------------------------------


async def test_language_follows_the_player(games: Games) -> None:
    game = await new_game(games)
    [updated] = await games.set_language(ALICE.chat_id, ALICE.user_id, "it")
    assert updated.human(0).language == "it"
    assert await games.set_language(ALICE.chat_id, ALICE.user_id, "it") == []
    assert await games.set_language(ALICE.chat_id, BOB, "fr") == []
    assert updated.version == game.version + 1


async def test_language_follows_the_player_into_their_group_games(
    games: Games, store: GameStore
) -> None:
    ann = person(11, "Ann")
    open_lobby = await store.create(lobby.join(group_lobby(chat_id=-1), ann, 2, secret(1)))
    other = await store.create(
        lobby.join(group_lobby(game_id="0000bb5bc8", chat_id=-2), ann, 0, secret(1))
    )
    left = await store.save(lobby.leave(other, ann.user_id))  # still listed: she left since
    changed = await games.set_language(ann.chat_id, ann.user_id, "ru")
    assert [g.game_id for g in changed] == [open_lobby.game_id]
    assert changed[0].human(2).language == "ru"
    assert isinstance(changed[0].state, Lobby)
    assert (await stored(store, left.game_id)).version == left.version


def test_a_game_not_live_speaks_as_it_did() -> None:
    game = record_for(finish_match(Match.new(Variant.BLOCK, 2, 50, seed=1)[0]), [human(1)] * 2)
    assert speaking(game, 1, "it") is game
    playing = record_for(Match.new(Variant.BLOCK, 2, 50, seed=1)[0], [human(1), human(2)])
    assert speaking(playing, 3, "it") is playing
    assert speaking(playing, 1, "en") is playing
    changed = speaking(playing, 2, "it")
    assert [h.language for _, h in changed.humans()] == ["en", "it"]
    assert changed.match is playing.match


def test_only_a_live_game_can_be_stopped() -> None:
    finished = record_for(finish_match(Match.new(Variant.BLOCK, 2, 50, seed=1)[0]), [human(1)] * 2)
    with pytest.raises(RefusalError) as caught:
        stopped(finished)
    assert caught.value.code is RefusalCode.GAME_OVER
    lobby_stopped = stopped(group_lobby())
    assert isinstance(lobby_stopped.state, Stopped)
    with pytest.raises(RefusalError):
        stopped(lobby_stopped)


# -- the retried update --------------------------------------------------------------------------


class ConflictingStore(GameStore):
    """A store whose first `conflicts` saves find that someone wrote first."""

    def __init__(self, redis: FakeAsyncRedis, conflicts: int) -> None:
        super().__init__(redis)
        self.conflicts = conflicts
        self.loads = 0

    async def load(self, game_id: str) -> Game | None:
        self.loads += 1
        return await super().load(game_id)

    async def save(self, game: Game, *, moved_from: int | None = None) -> Game:
        if self.conflicts > 0:
            self.conflicts -= 1
            raise VersionConflictError("someone wrote first")
        return await super().save(game, moved_from=moved_from)


def renamed(game: Game) -> Game:
    return game.changed(game.record.stage, game.match, chat_id=game.chat_id - 1)


async def test_an_update_tries_again_on_a_conflicting_write(
    redis: FakeAsyncRedis, clock: FakeClock
) -> None:
    store = ConflictingStore(redis, conflicts=2)
    game = await store.create(group_lobby())
    games = Games(store, quick_players(), now=clock.now)
    clock.advance(5)
    after = await games.update(game.game_id, renamed)
    assert store.loads == 3
    assert after.version == 2
    assert after.chat_id == game.chat_id - 1
    assert after.record.updated_at == clock.at


async def test_an_update_gives_up_as_stale_after_its_attempts(redis: FakeAsyncRedis) -> None:
    store = ConflictingStore(redis, conflicts=ATTEMPTS)
    game = await store.create(group_lobby())
    games = Games(store, quick_players())
    await refused(RefusalCode.STALE, games.update(game.game_id, renamed))
    assert store.loads == ATTEMPTS
    assert (await stored(store, game.game_id)).version == 1


async def test_an_update_that_changes_nothing_writes_nothing(
    games: Games, store: GameStore
) -> None:
    game = await store.create(group_lobby())
    same = await games.update(game.game_id, lambda g: g)
    assert same.version == 1
    assert (await stored(store, game.game_id)).record == game.record
    await refused(RefusalCode.NO_GAME, games.update("ffffffffff", renamed))


async def test_a_refusal_inside_an_update_changes_nothing(games: Games, store: GameStore) -> None:
    game = await store.create(group_lobby())
    await refused(RefusalCode.NOT_SEATED, games.update(game.game_id, lambda g: lobby.leave(g, 5)))
    assert (await stored(store, game.game_id)).version == 1


async def test_a_persons_log_mark_is_where_their_last_move_was(games: Games) -> None:
    game = await play_out_hand(games, await new_game(games, "block", 1))
    mark = game.human(0).log_mark
    assert mark.hand_no == engine(game).state.hand_no
    assert 0 <= mark.index < len(engine(game).state.log)
    assert isinstance(game.seats[0], HumanSeat)
