"""Each chat's history in Redis: a match is recorded once however often it is handed,
by a script on the chat's slot after the people it names list the chat; the ten latest
are kept without expiry, the last hand follows the latest match, and `forget` takes a
person's name out of every entry."""

from __future__ import annotations

import asyncio
import random
import zlib
from datetime import datetime, timedelta

import pytest
from fakeredis import FakeAsyncRedis

from bot.game.history import HISTORY_SIZE, History, PastSeat, last_hand, past_match
from bot.game.record import GroupSide
from bot.game.seats import BotSeat, Seat
from bot.game.state import Finished, Game
from bot.store import keys
from bot.store.errors import StorageUnavailableError
from bot.store.history import HistoryStore
from core.engine import Match
from core.events import Drew
from core.players import EasyPlayer, Level
from core.views import seat_view
from tests.bot.factories import NOW, human, record_for
from tests.slot_guard import SCRIPTS, SlotGuard

ALICE, BOB = 1001, 2002
GROUP = -500
BOT = BotSeat(level=Level.EASY)


def finished_engine(variant: str, n_players: int, seed: int) -> Match:
    """A match played by easy bots to its result."""
    match, _ = Match.new(variant, n_players, 50, seed=seed)
    rng = random.Random(seed)
    player = EasyPlayer()
    while not match.match_over:
        turn = match.turn
        if turn is None:
            match.next_hand()
            continue
        match.play(turn, *player.choose(seat_view(match, turn), rng))
    return match


def finished_game(
    n: int, chat_id: int, seats: list[Seat], *, variant: str = "block", ended: datetime = NOW
) -> Game:
    """Match `n` (its game id and deal told apart by `n`) finished at `ended`."""
    group = GroupSide(title="Dominoes", language="en", creator_id=ALICE) if chat_id < 0 else None
    match = finished_engine(variant, len(seats), seed=n)
    game = record_for(match, seats, game_id=f"{n:010x}", chat_id=chat_id, group=group)
    return game.changed_at(ended)


async def stored_values(redis: FakeAsyncRedis) -> list[bytes]:
    """Every value the history keeps, decompressed where it is compressed."""
    values: list[object] = []
    for key in await redis.keys(f"{keys.PREFIX}:history*"):
        kind = await redis.type(key)
        if kind == b"zset":
            values += await redis.zrange(key, 0, -1)
        elif kind == b"set":
            values += await redis.smembers(key)
        else:
            packed = await redis.get(key)
            assert isinstance(packed, bytes)
            values.append(zlib.decompress(packed))
    return [v for v in values if isinstance(v, bytes)]


async def test_a_match_handed_twice_is_recorded_once(redis: FakeAsyncRedis) -> None:
    store = HistoryStore(redis)
    history = History(store)
    game = finished_game(1, ALICE, [human(ALICE), BOT])
    await history.keep(game)
    await history.keep(game)
    # Its record saved again since: another entry, but the same match.
    await history.keep(game.changed_at(NOW + timedelta(minutes=5)))
    kept = await history.recent(ALICE)
    assert [(m.game_id, m.ended) for m in kept] == [(game.game_id, NOW)]
    assert await redis.zcard(keys.history(ALICE)) == 1


async def test_two_processes_handing_the_same_match_at_once_record_it_once(
    redis: FakeAsyncRedis,
) -> None:
    game = finished_game(1, GROUP, [human(ALICE), human(BOB, "Bob")])
    first, second = HistoryStore(redis), HistoryStore(redis)
    state = game.state
    assert isinstance(state, Finished)
    entry, hand = past_match(game, state), last_hand(game, state)
    added = await asyncio.gather(
        first.add(GROUP, entry, hand), second.add(GROUP, entry, hand), first.add(GROUP, entry, hand)
    )
    assert sorted(added) == [False, False, True]
    assert [m.game_id for m in await first.recent(GROUP)] == [game.game_id]


async def test_the_ten_latest_matches_are_kept_and_the_hand_is_the_latest_ones(
    redis: FakeAsyncRedis,
) -> None:
    history = History(HistoryStore(redis))
    seats: list[Seat] = [human(ALICE), BOT]
    games = [finished_game(n, ALICE, seats, ended=NOW + timedelta(hours=n)) for n in range(1, 13)]
    for game in games:
        await history.keep(game)
    kept = await history.recent(ALICE)
    assert len(kept) == HISTORY_SIZE
    assert [m.game_id for m in kept] == [g.game_id for g in reversed(games[-HISTORY_SIZE:])]
    replay = await history.last_hand(ALICE)
    assert replay is not None
    assert replay.match.game_id == games[-1].game_id
    assert replay.view.revealed == games[-1].public_view().revealed
    # Recorded late, a match older than all ten is not kept, and takes no one's hand.
    late = finished_game(20, ALICE, seats, ended=NOW)
    await history.keep(late)
    assert late.game_id not in {m.game_id for m in await history.recent(ALICE)}
    replay = await history.last_hand(ALICE)
    assert replay is not None
    assert replay.match.game_id == games[-1].game_id
    # A match that ended after all of them is the latest, hand included.
    newest = finished_game(21, ALICE, seats, ended=NOW + timedelta(days=1))
    await history.keep(newest)
    replay = await history.last_hand(ALICE)
    assert replay is not None
    assert replay.match.game_id == newest.game_id
    assert await redis.zcard(keys.history(ALICE)) == HISTORY_SIZE


async def test_the_history_never_expires_and_an_entry_is_small(redis: FakeAsyncRedis) -> None:
    history = History(HistoryStore(redis))
    await history.keep(
        finished_game(1, GROUP, [human(ALICE), BOT, human(BOB, "Bob"), BOT], variant="kozel")
    )
    for key in (keys.history(GROUP), keys.history_hand(GROUP), keys.history_person(ALICE)):
        assert await redis.ttl(key) == -1, key
    (member,) = await redis.zrange(keys.history(GROUP), 0, -1)
    assert len(member) < 300, member
    hand = await redis.get(keys.history_hand(GROUP))
    assert isinstance(hand, bytes)
    assert len(hand) < 4000


async def test_the_last_hand_is_the_engines_own_events_with_every_draw_shown(
    redis: FakeAsyncRedis,
) -> None:
    history = History(HistoryStore(redis))
    for seed in range(1, 40):  # a deal whose last hand has draws
        game = finished_game(seed, ALICE, [human(ALICE), BOT, BOT], variant="draw")
        if any(isinstance(e, Drew) for e in game.public_view().history):
            break
    else:
        raise AssertionError("no last hand with a draw")
    await history.keep(game)
    replay = await history.last_hand(ALICE)
    assert replay is not None
    public = game.public_view().history
    assert len(replay.events) == len(public)
    for kept, seen in zip(replay.events, public, strict=True):
        if isinstance(seen, Drew):
            assert seen.tile is None  # hidden from the table while the hand was played
            assert isinstance(kept, Drew)
            assert kept.tile is not None  # shown once it is over
        else:
            assert kept == seen


async def test_forget_takes_a_persons_name_out_of_every_entry(redis: FakeAsyncRedis) -> None:
    store = HistoryStore(redis)
    history = History(store)
    alice, bob = human(ALICE, "Alice Longname"), human(BOB, "Bob Othername")
    await history.keep(finished_game(1, GROUP, [alice, bob], ended=NOW))
    await history.keep(finished_game(2, GROUP, [bob, BOT], ended=NOW + timedelta(hours=1)))
    await history.keep(finished_game(3, ALICE, [alice, BOT]))  # her private chat
    await history.keep(finished_game(4, BOB, [bob, BOT]))  # his
    assert any(b"Alice Longname" in v for v in await stored_values(redis))

    await store.forget(ALICE)

    assert not any(b"Alice Longname" in v for v in await stored_values(redis))
    assert not any(str(ALICE).encode() in v for v in await redis.zrange(keys.history(GROUP), 0, -1))
    group = await history.recent(GROUP)
    assert [m.game_id for m in group] == [f"{2:010x}", f"{1:010x}"]
    assert group[1].seats == (PastSeat(forgotten=True), PastSeat(user=BOB, name="Bob Othername"))
    assert group[0].seats == (PastSeat(user=BOB, name="Bob Othername"), PastSeat())
    assert await history.recent(ALICE) == []
    assert await history.last_hand(ALICE) is None
    assert [m.game_id for m in await history.recent(BOB)] == [f"{4:010x}"]
    assert await redis.exists(keys.history_person(ALICE)) == 0
    replay = await history.last_hand(GROUP)
    assert replay is not None  # the group's last hand stays, with Bob's name in its entry
    await store.forget(ALICE)  # again: nothing left to do
    assert len(await history.recent(GROUP)) == 2
    # The finisher hands the match again (a crash before it was told): her name stays out.
    await history.keep(finished_game(1, GROUP, [alice, bob], ended=NOW))
    assert not any(b"Alice Longname" in v for v in await stored_values(redis))
    assert len(await history.recent(GROUP)) == 2


async def test_the_add_script_is_on_the_chats_slot_after_the_people_list_the_chat(
    redis: FakeAsyncRedis,
) -> None:
    guard = SlotGuard(strict=True)  # a cross-slot script fails where it is sent
    guard.watch(redis)
    await History(HistoryStore(redis)).keep(
        finished_game(1, GROUP, [human(ALICE), BOT, human(BOB, "Bob"), BOT], variant="kozel")
    )
    sent = [(s.name, tuple(k.decode() for k in s.keys)) for s in guard.sent]
    scripts = [(i, k) for i, (name, k) in enumerate(sent) if name in SCRIPTS]
    assert {k for _, k in scripts} == {(keys.history(GROUP), keys.history_hand(GROUP))}
    listed = [i for i, (name, k) in enumerate(sent) if name == "SADD"]
    assert [sent[i][1] for i in listed] == [(keys.history_person(p),) for p in (ALICE, BOB)]
    assert max(listed) < min(i for i, _ in scripts)


async def test_a_match_whose_entry_failed_leaves_nothing_forget_cannot_find(
    redis: FakeAsyncRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = HistoryStore(redis)
    history = History(store)
    alice, bob = human(ALICE, "Alice Longname"), human(BOB, "Bob Othername")
    game = finished_game(1, GROUP, [alice, bob])

    async def down(**_: object) -> None:
        raise StorageUnavailableError("the process died before the entry")

    monkeypatch.setattr(store, "_add", down)
    with pytest.raises(StorageUnavailableError):
        await history.keep(game)
    monkeypatch.undo()
    # The chat is listed for both, with nothing of theirs in it yet: forgetting looks
    # there and changes nothing.
    assert await redis.smembers(keys.history_person(ALICE)) == {str(GROUP).encode()}
    assert await history.recent(GROUP) == []
    await store.forget(BOB)
    assert await redis.exists(keys.history_person(BOB)) == 0
    # Handed again: recorded, and Alice's chat still listed for her /forgetme.
    await history.keep(game)
    assert [m.game_id for m in await history.recent(GROUP)] == [game.game_id]
    await store.forget(ALICE)
    assert not any(b"Alice Longname" in v for v in await stored_values(redis))
