"""The game store: round trips, compare-and-set on the version, chat pointers, TTLs,
the outbox a save marks, the due set, who sits where, a group's move, outages."""

from __future__ import annotations

import asyncio
import random
import zlib
from collections.abc import Awaitable, Callable
from datetime import timedelta

import pytest
from fakeredis import FakeAsyncRedis, FakeServer
from redis.crc import key_slot
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.game import lobby
from bot.game.changes import stopped
from bot.game.record import MatchStage
from bot.game.state import Game, InMatch
from bot.store import keys
from bot.store.errors import (
    ChatBusyError,
    StorageUnavailableError,
    StorageUncertainError,
    VersionConflictError,
)
from bot.store.games import GameStore
from bot.store.messages import MessageStore
from bot.store.outbox import Outboxes, game_entry
from bot.store.records import encode
from bot.store.slots import shard_of_chat, shard_of_game
from tests.bot.factories import (
    GROUP_ID,
    finish_match,
    group_lobby,
    person,
    secret,
    solo_record,
)

DAY = 24 * 3600
ANN = person(11, "Ann")


def reseeded(game: Game, seed: int) -> Game:
    """The same game with another seed: a change the store must keep."""
    stage = game.record.stage
    assert isinstance(stage, MatchStage)
    return game.changed(stage.model_copy(update={"seed": seed}), game.match)


def seed_of(game: Game | None) -> int:
    assert game is not None
    assert isinstance(game.state, InMatch)
    return game.state.seed


def other(game: Game, game_id: str = "0000ff09ab") -> Game:
    """The same table under another id (a later game of the chat)."""
    return game.changed(game.record.stage, game.match, game_id=game_id)


def finished(game: Game) -> Game:
    state = game.state
    assert isinstance(state, InMatch)
    return game.with_match(finish_match(state.match.copy()), state.seats, state.seed)


def group_game(game_id: str = "0000000b40", chat_id: int = GROUP_ID) -> Game:
    """A group's lobby with Ann seated."""
    return lobby.join(group_lobby(game_id=game_id, chat_id=chat_id), ANN, None, secret(1))


async def loaded(store: GameStore, game_id: str) -> Game:
    game = await store.load(game_id)
    assert game is not None
    return game


# -- round trips and the compare-and-set -------------------------------------------------------


async def test_a_created_game_loads_back_as_version_1(store: GameStore) -> None:
    game = solo_record()
    created = await store.create(game)
    assert created.version == 1
    assert created.state is game.state  # stored as is: nothing rebuilt
    assert (await loaded(store, game.game_id)).record == created.record
    by_chat = await store.load_for_chat(game.chat_id)
    assert by_chat is not None
    assert by_chat.record == created.record


async def test_a_save_bumps_the_version(store: GameStore) -> None:
    created = await store.create(solo_record())
    saved = await store.save(reseeded(created, 99))
    assert saved.version == 2
    back = await loaded(store, created.game_id)
    assert back.version == 2
    assert seed_of(back) == 99


async def test_a_save_from_an_old_version_is_refused_and_writes_nothing(
    store: GameStore,
) -> None:
    created = await store.create(solo_record())
    await store.save(reseeded(created, 1))
    with pytest.raises(VersionConflictError):
        await store.save(reseeded(created, 2))
    back = await loaded(store, created.game_id)
    assert seed_of(back) == 1
    assert back.version == 2


async def test_two_saves_at_once_from_one_version_apply_one(store: GameStore) -> None:
    created = await store.create(solo_record())
    results = await asyncio.gather(
        store.save(reseeded(created, 1)),
        store.save(reseeded(created, 2)),
        return_exceptions=True,
    )
    conflicts = [r for r in results if isinstance(r, VersionConflictError)]
    assert len(conflicts) == 1
    [winner] = [r for r in results if isinstance(r, Game)]
    back = await loaded(store, created.game_id)
    assert back.version == 2
    assert seed_of(back) == seed_of(winner)


async def test_the_stored_version_decides_not_the_record(
    store: GameStore, redis: FakeAsyncRedis
) -> None:
    """The check and the write are one script: a version written by anyone else since
    the load refuses the save."""
    created = await store.create(solo_record())
    await redis.hset(keys.game(created.game_id), "v", 7)
    with pytest.raises(VersionConflictError):
        await store.save(reseeded(created, 1))
    assert seed_of(await store.load(created.game_id)) == seed_of(created)


async def test_a_game_id_already_taken_is_a_conflict(store: GameStore) -> None:
    created = await store.create(solo_record())
    elsewhere = created.changed(created.record.stage, created.match, chat_id=5)
    with pytest.raises(VersionConflictError):
        await store.create(elsewhere)
    assert await store.load_for_chat(5) is None
    assert (await loaded(store, created.game_id)).chat_id == created.chat_id


# -- chats and their games -----------------------------------------------------------------------


async def test_a_chat_has_one_live_game(store: GameStore) -> None:
    first = await store.create(solo_record())
    with pytest.raises(ChatBusyError):
        await store.create(other(solo_record()))
    await store.save(stopped(first))
    second = await store.create(other(solo_record()))
    by_chat = await store.load_for_chat(first.chat_id)
    assert by_chat is not None
    assert by_chat.record == second.record


def placed(game: Game, store: GameStore, seed: int) -> Game:
    """`game` under an id the store places with its chat (as the bot's games are)."""
    game_id = store.new_id(game.chat_id, random.Random(seed))
    return game.changed(game.record.stage, game.match, game_id=game_id)


async def test_two_new_games_at_once_in_one_chat_open_one(store: GameStore) -> None:
    """The chat is checked, then the save finds its pointer unmoved, in one script: of
    two at once, the second finds the first's game and is refused."""
    results = await asyncio.gather(
        *(store.create(placed(group_game(), store, seed)) for seed in range(4)),
        return_exceptions=True,
    )
    opened = [r for r in results if isinstance(r, Game)]
    assert len(opened) == 1
    assert all(isinstance(r, ChatBusyError) for r in results if r not in opened)
    by_chat = await store.load_for_chat(GROUP_ID)
    assert by_chat is not None
    assert by_chat.game_id == opened[0].game_id


async def test_a_placed_game_and_its_chat_are_saved_in_one_slot(
    store: GameStore, redis: FakeAsyncRedis
) -> None:
    game = await store.create(placed(group_game(), store, 1))
    shard = shard_of_game(game.game_id)
    assert shard == shard_of_chat(GROUP_ID)
    slots = {
        key_slot(k.encode())
        for k in (keys.game(game.game_id), keys.chat(GROUP_ID), keys.due(shard), keys.live(shard))
    }
    assert len(slots) == 1
    assert await redis.zscore(keys.due(shard), game.game_id) == 0
    assert await redis.sismember(keys.live(shard, "kozel"), game.game_id)


async def test_a_finished_match_leaves_its_chat_free(store: GameStore) -> None:
    first = await store.create(solo_record())
    await store.save(finished(first))
    second = await store.create(other(solo_record()))
    assert second.version == 1


async def test_an_old_game_keeps_out_of_the_chat_pointer(store: GameStore) -> None:
    first = await store.create(solo_record())
    first = await store.save(stopped(first))
    second = await store.create(other(solo_record()))
    await store.save(first)  # e.g. a late write to the stopped game
    by_chat = await store.load_for_chat(first.chat_id)
    assert by_chat is not None
    assert by_chat.game_id == second.game_id


async def test_a_lobby_keeps_its_group_busy_and_expires_within_a_day(
    store: GameStore, redis: FakeAsyncRedis
) -> None:
    created = await store.create(group_game())
    with pytest.raises(ChatBusyError):
        await store.create(group_game("00000000cc"))
    assert 0 < await redis.ttl(keys.game(created.game_id)) <= DAY


@pytest.mark.parametrize("end", [stopped, finished], ids=["stopped", "finished"])
async def test_ended_games_expire_sooner_than_active_ones(
    store: GameStore, redis: FakeAsyncRedis, end: Callable[[Game], Game]
) -> None:
    created = await store.create(solo_record())
    key = keys.game(created.game_id)
    assert await redis.ttl(key) > 20 * DAY
    assert await redis.ttl(keys.chat(created.chat_id)) > 20 * DAY
    await store.save(end(created))
    assert 0 < await redis.ttl(key) <= 2 * DAY
    assert 0 < await redis.ttl(keys.chat(created.chat_id)) <= 2 * DAY


async def test_the_lifetimes_are_the_stores_to_choose(redis: FakeAsyncRedis) -> None:
    store = GameStore(redis, active_ttl=timedelta(hours=1), lobby_ttl=timedelta(minutes=5))
    direct = await store.create(solo_record())
    assert 0 < await redis.ttl(keys.game(direct.game_id)) <= 3600
    group = await store.create(group_game())
    assert 0 < await redis.ttl(keys.game(group.game_id)) <= 300


# -- the outbox a save marks --------------------------------------------------------------------


async def messages_shown(redis: FakeAsyncRedis, game_id: str, **fields: str) -> None:
    """What the outbox wrote of the game's messages."""
    await MessageStore(redis).write(game_id, fields, set())


def outboxes(redis: FakeAsyncRedis, token: str = "mine") -> Outboxes:
    return Outboxes(redis, token, 3.0, lambda: 1000.0)


async def test_a_save_marks_its_chats_outbox_and_takes_it_with_what_its_messages_show(
    redis: FakeAsyncRedis,
) -> None:
    mine = outboxes(redis)
    created = await GameStore(redis).create(solo_record())
    await messages_shown(redis, created.game_id, table="t1")
    store = GameStore(redis, outboxes=mine)
    saved = await store.save(reseeded(created, 5))
    claim = mine.claimed(saved.game_id, saved.version)
    assert claim is not None
    assert (claim.held, claim.taken) == (False, True)
    assert claim.entries == {game_entry(saved.game_id): "2"}
    assert claim.shown == {"table": "t1"}
    assert mine.claimed(saved.game_id, saved.version) is None  # handed out once
    assert await redis.hget(keys.sender(created.chat_id), "owner") == b"mine"
    again = await store.save(reseeded(saved, 6))
    claim = mine.claimed(again.game_id, again.version)
    assert claim is not None
    assert (claim.taken, claim.shown) == (False, None)  # its own already: nothing read


async def test_a_save_while_another_process_sends_to_the_chat_marks_it_for_them(
    redis: FakeAsyncRedis,
) -> None:
    created = await GameStore(redis, outboxes=outboxes(redis, "theirs")).create(solo_record())
    mine = outboxes(redis)
    saved = await GameStore(redis, outboxes=mine).save(reseeded(created, 5))
    claim = mine.claimed(saved.game_id, saved.version)
    assert claim is not None
    assert claim.held
    assert await redis.hget(keys.outbox(created.chat_id), game_entry(saved.game_id)) == b"2"
    assert await redis.hget(keys.sender(created.chat_id), "owner") == b"theirs"


async def test_a_store_without_outboxes_marks_none(store: GameStore, redis: FakeAsyncRedis) -> None:
    created = await store.create(solo_record())
    await store.save(reseeded(created, 5))
    assert not await redis.exists(keys.outbox(created.chat_id))


async def test_a_save_refused_marks_nothing(redis: FakeAsyncRedis) -> None:
    store = GameStore(redis, outboxes=outboxes(redis))
    created = await store.create(solo_record())
    await store.save(reseeded(created, 1))
    with pytest.raises(VersionConflictError):
        await store.save(reseeded(created, 2))
    with pytest.raises(ChatBusyError):
        await store.create(other(solo_record()))  # the chat has a live game
    assert await redis.hgetall(keys.outbox(created.chat_id)) == {
        game_entry(created.game_id).encode(): b"2"
    }


async def test_the_outbox_and_the_messages_share_the_games_slot(store: GameStore) -> None:
    game = await store.create(placed(group_game(), store, 2))
    slot = key_slot(keys.game(game.game_id).encode())
    for key in (keys.messages(game.game_id), keys.outbox(game.chat_id), keys.sender(game.chat_id)):
        assert key_slot(key.encode()) == slot
    assert key_slot(keys.outboxes_of(game.chat_id).encode()) == slot


# -- damaged records and outages -----------------------------------------------------------------


async def test_an_unreadable_record_is_no_game_and_is_never_overwritten(
    store: GameStore, redis: FakeAsyncRedis
) -> None:
    game = solo_record()
    await redis.hset(keys.game(game.game_id), mapping={"v": 1, "d": b"{not json", "l": 0})
    await redis.set(keys.chat(game.chat_id), game.game_id)
    assert await store.load(game.game_id) is None
    assert await store.load_for_chat(game.chat_id) is None
    with pytest.raises(VersionConflictError):
        await store.create(game)
    with pytest.raises(VersionConflictError):
        await store.save(game)
    assert await redis.hget(keys.game(game.game_id), "d") == b"{not json"


@pytest.mark.parametrize(
    "raw",
    [
        zlib.compress(b'{"schema_version": 1, "game_id": "4567899fc8"}'),
        zlib.compress(b"[]"),
        encode(solo_record().record)[:-4],
        b"",
    ],
    ids=["old-schema", "not-a-record", "truncated", "empty"],
)
async def test_a_damaged_or_old_record_loads_as_no_game(
    store: GameStore, redis: FakeAsyncRedis, raw: bytes
) -> None:
    await redis.hset(keys.game("4567899fc8"), mapping={"v": 1, "d": raw})
    assert await store.load("4567899fc8") is None


async def test_an_outage_is_reported_as_such(store: GameStore, server: FakeServer) -> None:
    """Reads fail plainly; a write whose outcome cannot be read back is uncertain, not
    "nothing was written"."""
    created = await store.create(solo_record())
    server.connected = False
    with pytest.raises(StorageUnavailableError):
        await store.load(created.game_id)
    with pytest.raises(StorageUnavailableError):
        await store.create(other(solo_record()))  # the chat is read first: nothing written
    with pytest.raises(StorageUncertainError):
        await store.save(created)
    with pytest.raises(StorageUnavailableError):
        await store.games_of(5)
    server.connected = True
    assert (await loaded(store, created.game_id)).version == 1


class _Lost:
    """Stands in for the save script: `ran` says whether it reaches Redis at all; its
    answer is lost on the way back either way."""

    def __init__(self, script: Callable[..., Awaitable[object]], *, ran: bool) -> None:
        self.script, self.ran = script, ran

    async def __call__(self, **kwargs: object) -> object:
        if self.ran:
            await self.script(**kwargs)
        raise RedisTimeoutError("the answer was lost")


async def test_a_save_whose_answer_was_lost_is_read_back(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The script ran but its answer never came: the save is a success, truthfully."""
    created = await store.create(solo_record())
    monkeypatch.setattr(store, "_save", _Lost(store._save, ran=True))
    saved = await store.save(reseeded(created, 99))
    assert saved.version == 2
    assert seed_of(await store.load(created.game_id)) == 99


async def test_a_save_whose_answer_was_lost_leaves_its_claim_to_be_asked_again(
    redis: FakeAsyncRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether it took the chat went with the answer: its notifier marks it again."""
    mine = outboxes(redis)
    store = GameStore(redis, outboxes=mine)
    created = await store.create(solo_record())
    monkeypatch.setattr(store, "_save", _Lost(store._save, ran=True))
    saved = await store.save(reseeded(created, 99))
    assert mine.claimed(saved.game_id, saved.version) is None
    assert await redis.hget(keys.outbox(created.chat_id), game_entry(saved.game_id)) == b"2"


async def test_a_save_that_never_ran_is_reported_as_nothing_written(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = await store.create(solo_record())
    monkeypatch.setattr(store, "_save", _Lost(store._save, ran=False))
    with pytest.raises(StorageUnavailableError) as caught:
        await store.save(reseeded(created, 99))
    assert not isinstance(caught.value, StorageUncertainError)
    assert (await loaded(store, created.game_id)).version == 1


# -- people, groups -------------------------------------------------------------------


async def test_people_are_indexed_to_their_group_games(
    store: GameStore, redis: FakeAsyncRedis
) -> None:
    first = await store.create(group_game())
    second = await store.create(group_game("0000bb5bc8", chat_id=-78))
    await store.create(solo_record())  # a direct game indexes nobody
    assert await store.games_of(ANN.user_id) == sorted([first.game_id, second.game_id])
    assert await store.games_of(1001) == []
    assert await store.games_of(12) == []
    assert await redis.ttl(keys.person(ANN.user_id)) > 20 * DAY


async def test_a_game_moves_with_its_group(store: GameStore) -> None:
    created = await store.create(group_game())
    moved = created.changed(created.record.stage, created.match, chat_id=-1_000_077)
    saved = await store.save(moved, moved_from=GROUP_ID)
    assert await store.load_for_chat(GROUP_ID) is None
    by_chat = await store.load_for_chat(-1_000_077)
    assert by_chat is not None
    assert by_chat.record == saved.record


async def test_a_move_leaves_the_old_chat_to_its_newer_game(store: GameStore) -> None:
    old = await store.create(group_game())
    old = await store.save(stopped(old))
    newer = await store.create(group_game("0000bb5bc8"))
    moved = old.changed(old.record.stage, old.match, chat_id=-1_000_077)
    await store.save(moved, moved_from=GROUP_ID)
    by_chat = await store.load_for_chat(GROUP_ID)
    assert by_chat is not None
    assert by_chat.game_id == newer.game_id


async def test_a_group_save_makes_the_game_due_at_once_and_a_direct_one_does_not(
    store: GameStore, redis: FakeAsyncRedis
) -> None:
    """In the save itself: no committed change of a group can miss the worker."""
    direct = await store.create(solo_record())
    await store.save(direct)
    assert await redis.zscore(keys.due(shard_of_game(direct.game_id)), direct.game_id) is None
    group = await store.create(group_game())
    due = keys.due(shard_of_game(group.game_id))
    assert await redis.zscore(due, group.game_id) == 0
    await redis.zadd(due, {group.game_id: 500.0})  # rescheduled for later by the worker
    saved = await store.save(group)
    assert await redis.zscore(due, group.game_id) == 0
    await redis.zrem(due, group.game_id)
    with pytest.raises(VersionConflictError):
        await store.save(group)
    assert await redis.zscore(due, group.game_id) is None  # a refused save made nothing due
    assert saved.version == 2


async def test_a_finished_game_is_small_and_replays_exactly(store: GameStore) -> None:
    """What is stored for a finished match fits in 3 KB, and the engine loaded from it
    replays from its own seed and decision log to the same position, bots included."""
    from core.replay import replay_of  # noqa: PLC0415

    game = await store.create(finished(solo_record("draw", 4, seed=5)))
    raw = await store.redis.hget(keys.game(game.game_id), "d")
    assert raw is not None
    assert len(raw) < 3 * 1024
    back = await loaded(store, game.game_id)
    assert back.match is not None
    assert back.match.match_over
    assert replay_of(back.match).to_dict() == back.match.to_dict()
