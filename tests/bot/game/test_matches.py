"""What happens at the table: a direct game created, moves and the bots' answers, every
refusal changing nothing (and showing the game again when it moved on), a press handed
twice, two presses at once, the next hand, rematch, stop; and the worker's steps in a
group game: a bot's decision, a move for a person whose timer ran out, the next hand."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest
from fakeredis import FakeAsyncRedis

from bot.game import lobby
from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.game.kinds import DIRECT
from bot.game.matches import FRESH_MATCH, Matches
from bot.game.notify import PLAIN, Show
from bot.game.options import GameOptions
from bot.game.record import NoticeKind, SeatNotice
from bot.game.seats import BotSeat, HumanSeat, LogMark, Seat
from bot.game.state import Finished, Game, HandOver, Playing, Stopped
from bot.store.games import GameStore
from core.engine import Match
from core.players import Level
from core.variants import Variant
from tests.bot.conftest import FakeClock, quick_players
from tests.bot.factories import (
    GROUP_ID,
    finish_hand,
    finish_match,
    group_lobby,
    human,
    person,
    record_for,
)
from tests.bot.game.conftest import RecordingNotifier, Told
from tests.bot.game.helpers import (
    ALICE,
    decisions_of,
    engine,
    first_move,
    in_group,
    new_game,
    play_out_hand,
    play_out_match,
    refused,
    stored,
)

BOB = 2002


async def group_move_for_a_person(store: GameStore, **fields: object) -> Game:
    """A group's Block game where Ann (user 1) is to move against a bot."""
    match, _ = Match.new(Variant.BLOCK, 2, 50, seed=1)
    seats: list[Seat] = [BotSeat(level=Level.EASY)] * 2
    seats[match.turn or 0] = human(1, "Ann")
    return await in_group(store, match, seats, **fields)


async def group_move_for_a_bot(store: GameStore) -> Game:
    """A group's Block game where a bot is to move against Ann and Ben."""
    match, _ = Match.new(Variant.BLOCK, 2, 50, seed=1)
    seats: list[Seat] = [human(1, "Ann"), human(2, "Ben")]
    seats[match.turn or 0] = BotSeat(level=Level.MEDIUM)
    return await in_group(store, match, seats)


# -- creating -----------------------------------------------------------------------------


async def test_a_new_game_waits_for_the_human(
    matches: Matches, store: GameStore, clock: FakeClock
) -> None:
    game = await new_game(matches, "draw", 3)
    assert game.version == 1
    assert isinstance(game.state, Playing | HandOver)
    if isinstance(game.state, Playing):
        assert game.state.turn == 0
    assert game.seats[0] == human(1001, "Alice")
    assert all(isinstance(s, BotSeat) and s.level is Level.EASY for s in game.seats[1:])
    assert (game.record.created_at, game.record.updated_at) == (clock.at, clock.at)
    assert game.kind is DIRECT
    assert (await stored(store, game.game_id)).record == game.record
    assert (await store.load_for_chat(ALICE.chat_id)) is not None


async def test_a_new_game_is_told_once_and_adopts_the_menu_that_chose_it(
    matches: Matches, notifier: RecordingNotifier
) -> None:
    options = GameOptions(Variant.BLOCK, 1, Level.EASY, 50)
    game = await matches.create(ALICE.chat_id, ALICE, options, menu=42)
    assert notifier.told == [Told(game, Show(adopt=42))]


async def test_a_new_game_without_a_menu_is_told_plainly(
    matches: Matches, notifier: RecordingNotifier
) -> None:
    game = await new_game(matches)
    assert notifier.told == [Told(game, PLAIN)]


async def test_kozel_is_you_and_a_bot_partner_against_two_bots(matches: Matches) -> None:
    options = GameOptions(Variant.KOZEL, 3, Level.MEDIUM, 100)
    game = await matches.create(ALICE.chat_id, ALICE, options)
    assert len(game.seats) == 4
    assert game.seat_of(ALICE.user_id) == 0
    assert game.settings.level is Level.MEDIUM


async def test_settings_the_engine_refuses_are_refused(
    matches: Matches, games: Games, notifier: RecordingNotifier
) -> None:
    options = GameOptions(Variant.KOZEL, 1, Level.EASY, 100)
    await refused(RefusalCode.BAD_OPTIONS, matches.create(1, ALICE, options))
    options = GameOptions(Variant.DRAW, 1, Level.EASY, 75)
    await refused(RefusalCode.BAD_OPTIONS, matches.create(1, ALICE, options))
    options = GameOptions(Variant.DRAW, 1, "genius", 50)  # type: ignore[arg-type]
    await refused(RefusalCode.BAD_OPTIONS, matches.create(1, ALICE, options))
    assert await games.for_chat(1) is None
    assert notifier.told == []


async def test_one_live_game_per_chat(matches: Matches, games: Games) -> None:
    game = await new_game(matches)
    await refused(RefusalCode.GAME_RUNNING, new_game(matches))
    latest = await games.for_chat(ALICE.chat_id)
    assert latest is not None
    assert latest.record == game.record


async def test_a_hard_bot_thinks_in_a_worker_thread(
    matches: Matches, monkeypatch: pytest.MonkeyPatch
) -> None:
    threaded: list[Callable[[], None]] = []

    async def to_thread(work: Callable[[], None]) -> None:
        threaded.append(work)
        work()

    monkeypatch.setattr(asyncio, "to_thread", to_thread)
    await new_game(matches, level=Level.EASY)
    assert threaded == []
    await new_game(matches, level=Level.HARD, who=person(5))
    assert len(threaded) == 1


# -- moves -----------------------------------------------------------------------------------


async def test_a_move_applies_and_the_bots_answer(
    matches: Matches, notifier: RecordingNotifier, clock: FakeClock
) -> None:
    game = await new_game(matches, "draw", 2)
    before = engine(game).state
    hand_no, logged = before.hand_no, len(before.log)
    decided = decisions_of(game, 0)
    tile, end = first_move(game)
    clock.advance(30)
    after = await matches.play(game.game_id, ALICE.user_id, game.version, tile, end, ALICE.user_id)
    assert after.version == game.version + 1
    assert decisions_of(after, 0) == decided + 1
    assert engine(after).turn in (0, None)  # the bots played up to the human, or the hand ended
    assert after.human(0).log_mark == LogMark(hand_no=hand_no, index=logged)
    assert after.record.updated_at == clock.at
    assert after.record.created_at == game.record.created_at
    assert notifier.told[-1] == Told(after, PLAIN)


async def test_every_move_of_a_hand_is_told_once_in_order(
    matches: Matches, notifier: RecordingNotifier
) -> None:
    game = await play_out_hand(matches, await new_game(matches, "block", 1))
    assert notifier.versions() == [(game.game_id, v) for v in range(1, game.version + 1)]


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
    matches: Matches,
    store: GameStore,
    who: int,
    version: int | None,
    tile: str | None,
    end: str | None,
    code: RefusalCode,
) -> None:
    game = await new_game(matches, "block", 3)
    good_tile, good_end = first_move(game)
    await refused(
        code,
        matches.play(
            game.game_id,
            who,
            game.version if version is None else version,
            good_tile if tile is None else tile,
            good_end if end is None else end,
            who,
        ),
    )
    assert (await stored(store, game.game_id)).record == game.record


async def test_a_stale_move_shows_the_game_again_and_is_refused(
    matches: Matches, notifier: RecordingNotifier
) -> None:
    game = await new_game(matches, "draw", 2)
    tile, end = first_move(game)
    played = await matches.play(game.game_id, ALICE.user_id, 1, tile, end, ALICE.user_id)
    notifier.told.clear()
    await refused(
        RefusalCode.STALE,
        matches.play(game.game_id, ALICE.user_id, 1, tile, end, ALICE.user_id),
    )
    assert notifier.told == [Told(notifier.told[0].game, PLAIN)]
    assert notifier.told[0].game.record == played.record


async def test_a_move_on_a_stopped_game_shows_it_again_and_is_refused(
    matches: Matches, notifier: RecordingNotifier
) -> None:
    game = await new_game(matches)
    ended = await matches.stop(game.game_id, ALICE.user_id)
    notifier.told.clear()
    tile, end = first_move(game)
    await refused(
        RefusalCode.GAME_OVER,
        matches.play(game.game_id, ALICE.user_id, ended.version, tile, end, ALICE.user_id),
    )
    assert notifier.versions() == [(game.game_id, ended.version)]


@pytest.mark.parametrize(
    ("who", "tile", "chat", "code"),
    [
        (BOB, None, BOB, RefusalCode.NOT_A_PLAYER),
        (ALICE.user_id, "9-9", ALICE.chat_id, RefusalCode.INVALID),
        (ALICE.user_id, None, GROUP_ID, RefusalCode.WRONG_CHAT),
    ],
)
async def test_a_press_refused_for_what_it_is_shows_nothing_again(
    matches: Matches,
    notifier: RecordingNotifier,
    who: int,
    tile: str | None,
    chat: int,
    code: RefusalCode,
) -> None:
    game = await new_game(matches)
    notifier.told.clear()
    good_tile, end = first_move(game)
    await refused(code, matches.play(game.game_id, who, game.version, tile or good_tile, end, chat))
    assert notifier.told == []


async def test_a_press_handed_again_once_its_move_is_saved_gets_the_game_as_it_is(
    matches: Matches, notifier: RecordingNotifier, store: GameStore
) -> None:
    game = await new_game(matches, "draw", 2)
    tile, end = first_move(game)
    press = (game.game_id, ALICE.user_id, game.version, tile, end, ALICE.user_id)
    played = await matches.play(*press, press="q-7")
    assert played.human(0).press == "q-7"
    notifier.told.clear()

    again = await matches.play(*press, press="q-7")  # its process died before answering

    assert again.record == played.record
    assert (await stored(store, game.game_id)).record == played.record
    assert notifier.versions() == [(game.game_id, played.version)]  # shown again, told once
    await refused(RefusalCode.STALE, matches.play(*press, press="q-8"))  # another press
    await refused(RefusalCode.STALE, matches.play(*press))


async def test_a_tile_not_held_is_refused(matches: Matches, store: GameStore) -> None:
    game = await new_game(matches, "block", 1)
    state = engine(game).state
    held = {str(t) for t in state.hands[0]}
    foreign = next(str(t) for hand in state.hands[1:] for t in hand if str(t) not in held)
    await refused(
        RefusalCode.INVALID,
        matches.play(game.game_id, ALICE.user_id, game.version, foreign, None, ALICE.user_id),
    )
    assert (await stored(store, game.game_id)).version == game.version


async def test_an_unknown_game_is_refused(matches: Matches, notifier: RecordingNotifier) -> None:
    await refused(RefusalCode.NO_GAME, matches.play("ffffffffff", 1, 1, "0-0", None, 1))
    await refused(RefusalCode.NO_GAME, matches.next_hand("ffffffffff", 1, 1, 1))
    await refused(RefusalCode.NO_GAME, matches.rematch("ffffffffff", 1, 1, 1))
    await refused(RefusalCode.NO_GAME, matches.stop("ffffffffff", 1))
    assert notifier.told == []


async def test_two_presses_at_once_apply_one_move(redis: FakeAsyncRedis) -> None:
    """Both presses load the same version before either saves: the compare-and-set
    lets the first through and refuses the second, which shows the game as it is."""
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
    creating = Games(store, RecordingNotifier(), rng=random.Random(5))
    game = await new_game(Matches(creating, quick_players()), "draw", 1)
    notifier = RecordingNotifier()
    racing = Matches(Games(SlowLoads(redis), notifier, rng=random.Random(6)), quick_players())
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
    # The winner's save, then the same version shown again to the loser.
    assert notifier.versions() == [(game.game_id, latest.version)] * 2


async def test_a_press_handed_twice_at_once_is_played_once_and_answered_twice(
    redis: FakeAsyncRedis,
) -> None:
    """The twin saves first; the other's compare-and-set then finds the twin's move,
    made by the same press: it gets the game as it is, not a refusal."""
    store = GameStore(redis)
    game = await new_game(Matches(Games(store, RecordingNotifier()), quick_players()), "draw", 1)
    tile, end = first_move(game)
    press = (game.game_id, ALICE.user_id, game.version, tile, end, ALICE.user_id)
    twin_told = RecordingNotifier()
    twin = Matches(Games(store, twin_told), quick_players())

    class TwinFirst(GameStore):
        """The twin's whole press runs just before this store's first save."""

        twin_ran = False

        async def save(self, game: Game, *, moved_from: int | None = None) -> Game:
            if not self.twin_ran:
                self.twin_ran = True
                await twin.play(*press, press="q-7")
            return await super().save(game, moved_from=moved_from)

    notifier = RecordingNotifier()
    late = Matches(Games(TwinFirst(redis), notifier), quick_players())

    answered = await late.play(*press, press="q-7")

    latest = await stored(store, game.game_id)
    assert answered.record == latest.record
    assert latest.version == game.version + 1
    assert latest.human(0).press == "q-7"
    assert decisions_of(latest, 0) == decisions_of(game, 0) + 1  # the move made once
    assert twin_told.versions() == [(game.game_id, latest.version)]
    assert notifier.versions() == [(game.game_id, latest.version)]


async def test_a_press_that_loses_to_another_press_is_refused_as_stale(
    redis: FakeAsyncRedis,
) -> None:
    store = GameStore(redis)
    game = await new_game(Matches(Games(store, RecordingNotifier()), quick_players()), "draw", 1)
    tile, end = first_move(game)
    press = (game.game_id, ALICE.user_id, game.version, tile, end, ALICE.user_id)
    other = Matches(Games(store, RecordingNotifier()), quick_players())

    class OtherFirst(GameStore):
        other_ran = False

        async def save(self, game: Game, *, moved_from: int | None = None) -> Game:
            if not self.other_ran:
                self.other_ran = True
                await other.play(*press, press="q-7")
            return await super().save(game, moved_from=moved_from)

    notifier = RecordingNotifier()
    late = Matches(Games(OtherFirst(redis), notifier), quick_players())
    await refused(RefusalCode.STALE, late.play(*press, press="q-8"))
    latest = await stored(store, game.game_id)
    assert latest.version == game.version + 1
    assert latest.human(0).press == "q-7"
    assert notifier.versions() == [(game.game_id, latest.version)]  # shown as it is now


async def test_bots_decide_the_same_way_for_the_same_game() -> None:
    """The bots' randomness comes from the game's seed: a replay gives the same game."""
    finals = []
    for chat in (1, 2):
        games = Games(GameStore(FakeAsyncRedis()), RecordingNotifier(), rng=random.Random(77))
        matches = Matches(games, quick_players())
        who = person(chat, "A")
        options = GameOptions(Variant.DRAW, 3, Level.MEDIUM, 50)
        game = await matches.create(chat, who, options)
        for _ in range(3):
            tile, end = first_move(game)
            game = await matches.play(game.game_id, chat, game.version, tile, end, chat)
            if engine(game).turn is None:
                break
        finals.append(engine(game).state.decisions)
    assert finals[0] == finals[1]


async def test_the_person_not_to_move_is_refused_and_shown_the_game(
    store: GameStore, matches: Matches, notifier: RecordingNotifier
) -> None:
    match, _ = Match.new(Variant.BLOCK, 2, 50, seed=1)
    game = await in_group(store, match, [human(1, "Ann"), human(2, "Ben")])
    assert isinstance(game.state, Playing)
    waiting = game.human(1 - game.state.turn)
    tile, end = first_move(game)
    await refused(
        RefusalCode.NOT_YOUR_TURN,
        matches.play(game.game_id, waiting.user_id, 1, tile, end, waiting.user_id),
    )
    assert (await stored(store, game.game_id)).version == 1
    assert notifier.versions() == [(game.game_id, 1)]


async def test_in_a_group_a_move_is_not_followed_by_the_bots(
    store: GameStore, matches: Matches
) -> None:
    """The group's bots play one decision at a time, each through `bot_move`."""
    game = await group_move_for_a_person(store)
    tile, end = first_move(game)
    after = await matches.play(game.game_id, 1, game.version, tile, end, 1)
    assert len(engine(after).state.decisions) == len(engine(game).state.decisions) + 1
    assert isinstance(after.state, Playing)
    assert after.is_bot(after.state.turn)


async def test_a_persons_log_mark_is_where_their_last_move_was(matches: Matches) -> None:
    game = await play_out_hand(matches, await new_game(matches, "block", 1))
    mark = game.human(0).log_mark
    assert mark.hand_no == engine(game).state.hand_no
    assert 0 <= mark.index < len(engine(game).state.log)
    assert isinstance(game.seats[0], HumanSeat)


# -- hands, stop, rematch ------------------------------------------------------------------------


async def test_next_hand_only_once_the_hand_is_over(matches: Matches) -> None:
    game = await new_game(matches, "block", 1)
    await refused(
        RefusalCode.STALE,
        matches.next_hand(game.game_id, ALICE.user_id, game.version, ALICE.user_id),
    )
    game = await play_out_hand(matches, game)
    assert isinstance(game.state, HandOver)
    await refused(
        RefusalCode.STALE,
        matches.play(game.game_id, ALICE.user_id, game.version, "0-0", None, ALICE.user_id),
    )
    await refused(
        RefusalCode.STALE, matches.next_hand(game.game_id, ALICE.user_id, 1, ALICE.user_id)
    )
    hand = engine(game).state.hand_no
    game = await matches.next_hand(game.game_id, ALICE.user_id, game.version, ALICE.user_id)
    assert engine(game).state.hand_no == hand + 1
    assert isinstance(game.state, Playing | HandOver)
    assert engine(game).turn in (0, None)  # the bots played up to the human


async def test_a_stale_next_hand_shows_the_game_again(
    matches: Matches, notifier: RecordingNotifier
) -> None:
    game = await play_out_hand(matches, await new_game(matches, "block", 1))
    dealt = await matches.next_hand(game.game_id, ALICE.user_id, game.version, ALICE.user_id)
    notifier.told.clear()
    await refused(
        RefusalCode.STALE,
        matches.next_hand(game.game_id, ALICE.user_id, game.version, ALICE.user_id),
    )
    assert notifier.versions() == [(game.game_id, dealt.version)]
    await refused(  # pressed in another chat: refused for what it is
        RefusalCode.WRONG_CHAT,
        matches.next_hand(game.game_id, ALICE.user_id, dealt.version, GROUP_ID),
    )
    assert len(notifier.told) == 1


async def test_stop_ends_the_game_and_refuses_later_presses(
    matches: Matches, games: Games, notifier: RecordingNotifier
) -> None:
    game = await new_game(matches)
    ended = await matches.stop(game.game_id, ALICE.user_id)
    assert isinstance(ended.state, Stopped)
    assert ended.match is not None
    assert ended.version == game.version + 1
    assert notifier.told[-1] == Told(ended, PLAIN)
    assert await games.live_for_chat(ALICE.chat_id) is None
    latest = await games.for_chat(ALICE.chat_id)
    assert latest is not None
    assert latest.version == ended.version
    await refused(RefusalCode.GAME_OVER, matches.stop(game.game_id, ALICE.user_id))
    tile, end = first_move(game)
    await refused(
        RefusalCode.GAME_OVER,
        matches.play(game.game_id, ALICE.user_id, ended.version, tile, end, ALICE.user_id),
    )
    await refused(RefusalCode.NOT_A_PLAYER, matches.stop(game.game_id, BOB))


async def test_a_stop_is_not_lost_to_a_move_saved_meanwhile(redis: FakeAsyncRedis) -> None:
    """Stop is an intent, not a press on a version: a move saved between its load and its
    save does not undo it; the stopped game is told once."""
    store = GameStore(redis)
    game = await new_game(Matches(Games(store, RecordingNotifier()), quick_players()), "draw", 1)
    tile, end = first_move(game)
    other = Matches(Games(store, RecordingNotifier()), quick_players())

    class MoveFirst(GameStore):
        moved = False

        async def save(self, game: Game, *, moved_from: int | None = None) -> Game:
            if not self.moved:
                self.moved = True
                await other.play(
                    game.game_id, ALICE.user_id, 1, tile, end, ALICE.user_id, press="q-1"
                )
            return await super().save(game, moved_from=moved_from)

    notifier = RecordingNotifier()
    stopping = Matches(Games(MoveFirst(redis), notifier), quick_players())
    ended = await stopping.stop(game.game_id, ALICE.user_id)
    assert isinstance(ended.state, Stopped)
    latest = await stored(store, game.game_id)
    assert isinstance(latest.state, Stopped)
    assert latest.version == game.version + 2  # the move, then the stop
    assert notifier.versions() == [(game.game_id, latest.version)]


async def test_a_group_game_is_not_stopped_as_a_direct_one(
    store: GameStore, matches: Matches
) -> None:
    game = await group_move_for_a_person(store)
    await refused(RefusalCode.NOT_ALLOWED, matches.stop(game.game_id, 1))
    assert (await stored(store, game.game_id)).version == 1


async def test_a_stopped_game_leaves_the_chat_free(matches: Matches, games: Games) -> None:
    game = await new_game(matches)
    await matches.stop(game.game_id, ALICE.user_id)
    again = await new_game(matches)
    assert again.game_id != game.game_id
    live = await games.live_for_chat(ALICE.chat_id)
    assert live is not None
    assert live.game_id == again.game_id
    old = await games.get(game.game_id)
    assert old is not None
    assert isinstance(old.state, Stopped)


async def test_rematch_once_the_match_is_over(
    matches: Matches, games: Games, notifier: RecordingNotifier
) -> None:
    game = await new_game(matches, "block", 1)
    await refused(RefusalCode.STALE, matches.rematch(game.game_id, ALICE.user_id, 1, ALICE.user_id))
    game = await play_out_match(matches, game)
    assert isinstance(game.state, Finished)
    assert await games.live_for_chat(ALICE.chat_id) is None
    await refused(RefusalCode.NOT_A_PLAYER, matches.rematch(game.game_id, BOB, game.version, BOB))
    again = await matches.rematch(game.game_id, ALICE.user_id, game.version, ALICE.user_id)
    assert again.game_id != game.game_id
    assert again.version == 1
    # The same person, with a new match's log, hints and coach.
    assert again.seats[0] == game.human(0).model_copy(update=FRESH_MATCH)
    assert (again.human(0).hints, again.human(0).coach, again.human(0).log_mark) == (
        0,
        None,
        LogMark(),
    )
    assert again.seats[1:] == game.seats[1:]
    assert again.settings == game.settings
    assert isinstance(again.state, Playing | HandOver)
    assert notifier.told[-1] == Told(again, PLAIN)
    live = await games.live_for_chat(ALICE.chat_id)
    assert live is not None
    assert live.record == again.record
    # A second press of the same Rematch button finds the new game running.
    await refused(
        RefusalCode.GAME_RUNNING,
        matches.rematch(game.game_id, ALICE.user_id, game.version, ALICE.user_id),
    )


async def test_a_rematch_pressed_during_the_match_shows_it_again(
    matches: Matches, notifier: RecordingNotifier
) -> None:
    game = await new_game(matches, "block", 1)
    notifier.told.clear()
    await refused(
        RefusalCode.STALE,
        matches.rematch(game.game_id, ALICE.user_id, game.version, ALICE.user_id),
    )
    assert notifier.versions() == [(game.game_id, game.version)]


async def test_a_group_rematch_clears_the_notices_and_leaves_the_bots_to_the_worker(
    store: GameStore, matches: Matches
) -> None:
    match = finish_match(Match.new(Variant.BLOCK, 2, 50, seed=1)[0])
    notice = SeatNotice(kind=NoticeKind.LEFT, seat=1, name="Ben", after_results=1)
    group = lobby.new_group("Room", person(11)).model_copy(update={"notices": (notice,)})
    game = await in_group(store, match, [human(1, "Ann"), BotSeat(level=Level.EASY)], group=group)
    again = await matches.rematch(game.game_id, 1, game.version, GROUP_ID)  # on the table
    assert again.record.group is not None
    assert again.record.group.notices == ()
    assert again.record.group.title == "Room"
    assert again.chat_id == GROUP_ID
    assert decisions_of(again, 1) == 0  # the bot has not played yet


# -- the worker's steps: a group bot's decision ------------------------------------------------


async def test_a_group_bot_makes_one_decision_and_it_is_saved(
    store: GameStore, matches: Matches, notifier: RecordingNotifier
) -> None:
    game = await group_move_for_a_bot(store)
    decided = len(engine(game).state.decisions)  # the move consumes the game's engine
    after = await matches.bot_move(game)
    assert after.version == game.version + 1
    assert len(engine(after).state.decisions) == decided + 1
    assert (await stored(store, game.game_id)).record == after.record
    again = await matches.bot_move(after)  # a person is to move now
    assert again is after
    assert notifier.told == [Told(after, PLAIN)]  # each saved step is told, once


async def test_a_bot_decision_on_an_old_version_is_refused(
    store: GameStore, matches: Matches, notifier: RecordingNotifier
) -> None:
    game = await group_move_for_a_bot(store)
    await store.save(game)  # someone else wrote meanwhile
    await refused(RefusalCode.STALE, matches.bot_move(game))
    assert notifier.told == []


async def test_no_bot_decision_over_a_lobby_or_a_finished_match(store: GameStore) -> None:
    matches = Matches(Games(store, RecordingNotifier()), quick_players())
    match = finish_match(Match.new(Variant.BLOCK, 2, 50, seed=1)[0])
    finished = record_for(match, [human(1), human(2)])
    for game in (group_lobby(), finished):
        assert await matches.bot_move(game) is game


# -- the worker's steps: a turn timer run out --------------------------------------------------


async def test_a_bot_moves_for_a_person_whose_timer_ran_out(
    store: GameStore, matches: Matches, notifier: RecordingNotifier, clock: FakeClock
) -> None:
    start = await group_move_for_a_person(store, updated_at=clock.at)
    settings = start.settings.model_copy(update={"turn_timer": 60})
    game = await store.save(start.changed(start.record.stage, start.match, settings=settings))
    clock.advance(59)
    assert await matches.timeout_move(game) is game  # time is left
    clock.advance(2)
    decided = len(engine(game).state.decisions)  # the move consumes the game's engine
    after = await matches.timeout_move(game)
    assert after.version == game.version + 1
    assert len(engine(after).state.decisions) == decided + 1
    seat = game.seat_of(1)
    assert seat is not None
    assert after.human(seat).timeouts == 1  # still hers: the first time
    group = after.record.group
    assert group is not None
    assert [(n.kind, n.seat) for n in group.notices] == [(NoticeKind.TIMED_OUT, seat)]
    assert notifier.told == [Told(after, PLAIN)]


async def test_no_timeout_move_without_a_timer(store: GameStore, matches: Matches) -> None:
    game = await group_move_for_a_person(store)
    assert await matches.timeout_move(game) is game


# -- the worker's steps: a group's next hand ---------------------------------------------------


async def test_a_groups_next_hand_is_dealt_by_itself(
    store: GameStore, matches: Matches, notifier: RecordingNotifier
) -> None:
    match = finish_hand(Match.new(Variant.BLOCK, 2, 50, seed=1)[0])
    game = await in_group(store, match, [human(1, "Ann"), BotSeat(level=Level.EASY)])
    assert isinstance(game.state, HandOver)
    dealt = await matches.deal_next(game)
    assert engine(dealt).state.hand_no == match.state.hand_no + 1
    assert dealt.version == game.version + 1
    assert (await stored(store, game.game_id)).record == dealt.record
    assert notifier.told == [Told(dealt, PLAIN)]
    assert await matches.deal_next(dealt) is dealt  # no hand is over


async def test_a_direct_games_next_hand_waits_for_its_person(
    store: GameStore, matches: Matches
) -> None:
    match = finish_hand(Match.new(Variant.BLOCK, 2, 50, seed=1)[0])
    game = await store.create(record_for(match, [human(1001), BotSeat(level=Level.EASY)]))
    assert await matches.deal_next(game) is game
