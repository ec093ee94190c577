"""The games, their saves and their notifier: reading (a person's game), new ids and
secrets, storing a new game, every committed change told once, the retried update,
what delivery met acted on, a game shown again, a group's move, languages."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from fakeredis import FakeAsyncRedis
from redis.crc import key_slot

from bot.game import lobby
from bot.game.changes import stopped
from bot.game.errors import RefusalCode
from bot.game.games import ATTEMPTS, Games
from bot.game.matches import Matches
from bot.game.notify import PLAIN, Blocked, Fact, GroupLost, Migrated, Show
from bot.game.ports import VersionConflictError
from bot.game.record import NoticeKind, TableSettings
from bot.game.seats import BotSeat
from bot.game.state import Game, Lobby, Stopped
from bot.store import keys
from bot.store.games import GameStore
from bot.store.slots import shard_of_chat
from core.engine import Match
from core.variants import DEFAULT_TARGET, Variant
from tests.bot.conftest import FakeClock, quick_players
from tests.bot.factories import (
    GROUP_ID,
    finish_match,
    group_lobby,
    human,
    person,
    secret,
)
from tests.bot.game.conftest import RecordingNotifier, Told
from tests.bot.game.helpers import ALICE, in_group, new_game, refused, stored

ANN = person(11, "Ann")
BEN = person(12, "Ben", "ru")
BOB = 2002
SUPERGROUP = -1_000_077


def renamed(game: Game) -> Game:
    """A change any game takes: it moves one chat down."""
    return game.changed(game.record.stage, game.match, chat_id=game.chat_id - 1)


def ann_in(game: Game) -> Game:
    return lobby.join(game, ANN, None, secret(1))


def ben_in(game: Game) -> Game:
    return lobby.join(game, BEN, None, secret(1))


async def a_group_match(store: GameStore, *, finished: bool = False) -> Game:
    """A group's Block match of Ann (seat 0) and Ben (seat 1), stored (version 1)."""
    match, _ = Match.new(Variant.BLOCK, 2, 50, seed=1)
    if finished:
        finish_match(match)
    return await in_group(store, match, [human(ANN.user_id, "Ann"), human(BEN.user_id, "Ben")])


# -- reading -----------------------------------------------------------------------------------


async def test_a_persons_game_is_their_live_one_first_then_the_one_changed_last(
    games: Games, matches: Matches, store: GameStore, clock: FakeClock
) -> None:
    assert await games.of_person(ANN.chat_id, ANN.user_id) is None
    group = await store.create(ann_in(group_lobby()))
    found = await games.of_person(ANN.chat_id, ANN.user_id)
    assert found is not None
    assert found.game_id == group.game_id  # a group game she sits in
    clock.advance(10)
    direct = await new_game(matches, who=ANN)
    found = await games.of_person(ANN.chat_id, ANN.user_id)
    assert found is not None
    assert found.game_id == direct.game_id  # both live: the one changed last
    clock.advance(10)
    await games.commit(stopped(direct))
    found = await games.of_person(ANN.chat_id, ANN.user_id)
    assert found is not None
    assert found.game_id == group.game_id  # the live one first
    assert await games.of_person(BEN.chat_id, BEN.user_id) is None


async def test_a_group_game_a_person_left_is_no_longer_theirs(
    games: Games, store: GameStore
) -> None:
    lobby_game = await store.create(ann_in(group_lobby()))
    await store.save(lobby.leave(lobby_game, ANN.user_id))  # her set still names it
    assert await games.games_of(ANN.user_id) == [lobby_game.game_id]
    assert await games.of_person(ANN.chat_id, ANN.user_id) is None


async def test_the_chats_live_game_is_none_once_it_is_over(games: Games, store: GameStore) -> None:
    game = await store.create(ann_in(group_lobby()))
    live = await games.live_for_chat(GROUP_ID)
    assert live is not None
    assert live.game_id == game.game_id
    await games.commit(stopped(game))
    assert await games.live_for_chat(GROUP_ID) is None
    latest = await games.for_chat(GROUP_ID)
    assert latest is not None
    assert isinstance(latest.state, Stopped)
    assert await games.get("ffffffffff") is None


# -- new games ---------------------------------------------------------------------------------


def test_new_ids_and_secrets_fit_their_record(games: Games) -> None:
    ids = {games.new_game_id(-100) for _ in range(50)}
    assert len(ids) == 50
    assert all(len(i) == 10 and int(i, 16) < 2**40 for i in ids)
    # Placed with the chat's pointer: one slot of a Redis Cluster for both.
    assert {key_slot(keys.game(i).encode()) for i in ids} == {key_slot(keys.chat(-100).encode())}
    match_secrets = {games.new_secret() for _ in range(50)}
    assert len(match_secrets) == 50
    assert all(len(s) == 32 for s in match_secrets)  # 256 bits


def test_a_blank_game_is_a_lobby_of_the_chat_dated_now(games: Games, clock: FakeClock) -> None:
    settings = TableSettings(variant=Variant.DRAW, n_players=3, target=DEFAULT_TARGET)
    group = lobby.new_group("Room", ANN)
    game = games.blank(GROUP_ID, settings, group=group)
    assert (game.chat_id, game.settings, game.record.group) == (GROUP_ID, settings, group)
    assert (game.version, game.record.created_at, game.record.updated_at) == (0, clock.at, clock.at)
    assert isinstance(game.state, Lobby)
    assert key_slot(keys.game(game.game_id).encode()) == key_slot(keys.chat(GROUP_ID).encode())
    assert games.blank(GROUP_ID, settings).game_id != game.game_id


async def test_a_new_game_is_stored_untold_and_refused_while_the_chat_has_a_live_one(
    games: Games, notifier: RecordingNotifier, store: GameStore
) -> None:
    settings = TableSettings(variant=Variant.KOZEL, n_players=4, target=100)
    first = games.blank(GROUP_ID, settings, group=lobby.new_group("Room", ANN))
    created = await games.store_new(first.changed(lobby.new_lobby(4)))
    assert created.version == 1
    assert (await stored(store, created.game_id)).record == created.record
    second = games.blank(GROUP_ID, settings, group=lobby.new_group("Room", BEN))
    await refused(RefusalCode.GAME_RUNNING, games.store_new(second.changed(lobby.new_lobby(4))))
    assert notifier.told == []


async def test_a_game_id_already_taken_is_refused_as_stale(store: GameStore) -> None:
    """Two use cases drawing the same id: the second may not overwrite the first."""
    first = Games(store, RecordingNotifier(), rng=random.Random(3))
    told = RecordingNotifier()
    second = Games(store, told, rng=random.Random(3))
    game = await new_game(Matches(first, quick_players()))
    # Another chat whose games are placed in the same shard: the same draw, the same id.
    chat = next(c for c in range(2, 10_000) if shard_of_chat(c) == shard_of_chat(ALICE.chat_id))
    await refused(RefusalCode.STALE, new_game(Matches(second, quick_players()), who=person(chat)))
    assert (await stored(store, game.game_id)).record == game.record
    assert await store.load_for_chat(chat) is None
    assert told.told == []


async def test_a_created_game_is_told_once_as_stored(
    games: Games, notifier: RecordingNotifier
) -> None:
    created = await games.create(ann_in(group_lobby()), Show(adopt=5))
    assert created.version == 1
    assert notifier.told == [Told(created, Show(adopt=5))]


# -- saving and telling ------------------------------------------------------------------------


async def test_every_committed_change_is_told_once_with_the_saved_version(
    games: Games, notifier: RecordingNotifier, store: GameStore, clock: FakeClock
) -> None:
    game = await store.create(ann_in(group_lobby()))
    clock.advance(3)
    saved = await games.commit(ben_in(game), Show(moved=True))
    assert saved.version == 2
    assert saved.record.updated_at == clock.at
    assert notifier.told == [Told(saved, Show(moved=True))]
    assert notifier.told[0].game is saved
    again = await games.commit(stopped(saved))
    assert notifier.told[1:] == [Told(again, PLAIN)]
    assert (await stored(store, game.game_id)).record == again.record


async def test_a_save_is_told_to_nobody(
    games: Games, notifier: RecordingNotifier, store: GameStore
) -> None:
    """Whoever saves a change without committing it tells it."""
    game = await store.create(ann_in(group_lobby()))
    saved = await games.save(ben_in(game))
    assert saved.version == 2
    assert notifier.told == []


async def test_a_commit_that_meets_another_version_is_refused_untold(
    games: Games, notifier: RecordingNotifier, store: GameStore
) -> None:
    game = await store.create(ann_in(group_lobby()))
    rival = await store.save(ben_in(game))
    with pytest.raises(VersionConflictError) as caught:
        await games.commit(renamed(game))
    assert caught.value.current is not None
    assert caught.value.current.record == rival.record
    assert notifier.told == []


# -- the retried update ------------------------------------------------------------------------


class ConflictingStore(GameStore):
    """A store whose first `conflicts` saves find that someone wrote first, without
    saying who; it counts its loads and saves."""

    def __init__(self, redis: FakeAsyncRedis, conflicts: int) -> None:
        super().__init__(redis)
        self.conflicts = conflicts
        self.loads = 0
        self.saves = 0

    async def load(self, game_id: str) -> Game | None:
        self.loads += 1
        return await super().load(game_id)

    async def save(self, game: Game, *, moved_from: int | None = None) -> Game:
        self.saves += 1
        if self.conflicts > 0:
            self.conflicts -= 1
            raise VersionConflictError("someone wrote first")
        return await super().save(game, moved_from=moved_from)


class RacedStore(GameStore):
    """A store where someone else saves `rival` of the latest game just before the first
    save; it counts its loads."""

    def __init__(self, redis: FakeAsyncRedis, rival: Callable[[Game], Game]) -> None:
        super().__init__(redis)
        self.rival: Callable[[Game], Game] | None = rival
        self.loads = 0

    async def load(self, game_id: str) -> Game | None:
        self.loads += 1
        return await super().load(game_id)

    async def save(self, game: Game, *, moved_from: int | None = None) -> Game:
        rival, self.rival = self.rival, None
        if rival is not None:
            latest = await super().load(game.game_id)
            assert latest is not None
            await super().save(rival(latest))
        return await super().save(game, moved_from=moved_from)


async def test_an_update_tries_again_on_a_conflicting_write(
    redis: FakeAsyncRedis, clock: FakeClock
) -> None:
    store = ConflictingStore(redis, conflicts=2)
    game = await store.create(group_lobby())
    notifier = RecordingNotifier()
    games = Games(store, notifier, now=clock.now)
    clock.advance(5)
    after = await games.update(game.game_id, renamed)
    assert store.loads == 3  # no game came with the conflicts: loaded again each time
    assert after.version == 2
    assert after.chat_id == game.chat_id - 1
    assert after.record.updated_at == clock.at
    assert notifier.told == [Told(after, PLAIN)]


async def test_an_update_tries_again_on_the_game_its_conflict_came_with(
    redis: FakeAsyncRedis,
) -> None:
    store = RacedStore(redis, rival=ben_in)
    game = await store.create(ann_in(group_lobby()))
    notifier = RecordingNotifier()
    games = Games(store, notifier)
    after = await games.update(game.game_id, lambda g: lobby.join(g, person(13), None, secret(1)))
    assert store.loads == 1  # the first load only: the conflict carried the game as it is
    assert after.version == 3
    assert [h.user_id for _, h in after.humans()] == [ANN.user_id, BEN.user_id, 13]
    assert notifier.told == [Told(after, PLAIN)]


async def test_an_update_gives_up_as_stale_after_its_attempts(redis: FakeAsyncRedis) -> None:
    store = ConflictingStore(redis, conflicts=ATTEMPTS)
    game = await store.create(group_lobby())
    notifier = RecordingNotifier()
    games = Games(store, notifier)
    await refused(RefusalCode.STALE, games.update(game.game_id, renamed))
    assert store.saves == ATTEMPTS
    assert (await stored(store, game.game_id)).version == 1
    assert notifier.told == []


async def test_an_update_that_changes_nothing_writes_and_tells_nothing(
    games: Games, notifier: RecordingNotifier, store: GameStore
) -> None:
    game = await store.create(group_lobby())
    same = await games.update(game.game_id, lambda g: g)
    assert same.version == 1
    assert (await stored(store, game.game_id)).record == game.record
    await refused(RefusalCode.NO_GAME, games.update("ffffffffff", renamed))
    assert notifier.told == []


async def test_a_refusal_inside_an_update_changes_and_tells_nothing(
    games: Games, notifier: RecordingNotifier, store: GameStore
) -> None:
    game = await store.create(group_lobby())
    await refused(RefusalCode.NOT_SEATED, games.update(game.game_id, lambda g: lobby.leave(g, 5)))
    assert (await stored(store, game.game_id)).version == 1
    assert notifier.told == []


# -- what delivery met -------------------------------------------------------------------------


async def test_a_person_who_blocked_the_bot_leaves_their_group_seat_to_a_bot(
    games: Games, notifier: RecordingNotifier, store: GameStore
) -> None:
    game = await a_group_match(store)
    await games.react(game, (Blocked(BEN.user_id),))
    after = await stored(store, game.game_id)
    assert after.version == 2
    assert after.seats[1] == BotSeat(level=game.settings.level)
    assert after.is_active
    group = after.record.group
    assert group is not None
    assert [(n.kind, n.seat) for n in group.notices] == [(NoticeKind.LEFT, 1)]
    assert notifier.versions() == [(game.game_id, 2)]


async def test_a_person_who_blocked_the_bot_leaves_a_lobby(games: Games, store: GameStore) -> None:
    game = await store.create(ben_in(ann_in(group_lobby())))
    await games.react(game, (Blocked(BEN.user_id),))
    after = await stored(store, game.game_id)
    assert [h.user_id for _, h in after.humans()] == [ANN.user_id]


@pytest.mark.parametrize("who", [BOB, ALICE.user_id], ids=["not-seated", "direct-game"])
async def test_a_block_by_someone_without_a_group_seat_changes_nothing(
    games: Games, matches: Matches, notifier: RecordingNotifier, store: GameStore, who: int
) -> None:
    group = await a_group_match(store)
    direct = await new_game(matches)
    notifier.told.clear()
    for game in (group, direct):
        await games.react(game, (Blocked(who),))
        assert (await stored(store, game.game_id)).version == game.version
    assert notifier.told == []


async def test_a_group_that_became_a_supergroup_takes_its_game_along(
    games: Games, notifier: RecordingNotifier, store: GameStore
) -> None:
    game = await a_group_match(store)
    await games.react(game, (Migrated(SUPERGROUP),))
    moved = await stored(store, game.game_id)
    assert moved.chat_id == SUPERGROUP
    assert moved.version == 2
    assert await store.load_for_chat(GROUP_ID) is None
    assert notifier.told == [Told(notifier.told[0].game, Show(moved=True))]
    assert notifier.told[0].game.record == moved.record


async def test_a_group_the_bot_lost_stops_its_game(
    games: Games, notifier: RecordingNotifier, store: GameStore
) -> None:
    game = await a_group_match(store)
    await games.react(game, (GroupLost(),))
    after = await stored(store, game.game_id)
    assert isinstance(after.state, Stopped)
    assert notifier.versions() == [(game.game_id, 2)]


@pytest.mark.parametrize("fact", [Blocked(ANN.user_id), GroupLost()], ids=["blocked", "group-lost"])
@pytest.mark.parametrize("over", ["finished", "stopped"])
async def test_a_fact_about_a_game_over_changes_nothing(
    games: Games, notifier: RecordingNotifier, store: GameStore, fact: Fact, over: str
) -> None:
    game = await a_group_match(store, finished=over == "finished")
    if over == "stopped":
        game = await store.save(stopped(game))
    await games.react(game, (fact,))
    assert (await stored(store, game.game_id)).version == game.version
    assert notifier.told == []


async def test_a_fact_about_a_game_that_is_gone_changes_nothing(
    games: Games, notifier: RecordingNotifier
) -> None:
    gone = ann_in(group_lobby())  # never stored
    await games.react(gone, (Blocked(ANN.user_id), GroupLost(), Migrated(SUPERGROUP)))
    assert await games.get(gone.game_id) is None
    assert notifier.told == []


async def test_facts_met_together_are_acted_on_in_order(
    games: Games, notifier: RecordingNotifier, store: GameStore
) -> None:
    game = await a_group_match(store)
    saved = await games.commit(renamed(game))
    await games.react(saved, (Blocked(BEN.user_id), GroupLost()))
    latest = await stored(store, game.game_id)
    assert isinstance(latest.state, Stopped)
    assert latest.is_bot(1)  # Ben left first, then the group was lost
    assert notifier.versions() == [(game.game_id, v) for v in (2, 3, 4)]
    assert notifier.told[0].game is saved


async def test_a_group_that_moved_takes_its_game_along_and_shows_its_table_anew(
    games: Games, notifier: RecordingNotifier, store: GameStore
) -> None:
    game = await store.create(ann_in(group_lobby()))
    updated = await games.update(game.game_id, ben_in)
    await games.react(updated, (Migrated(SUPERGROUP),))
    moved = await stored(store, game.game_id)
    assert moved.chat_id == SUPERGROUP
    assert notifier.shows() == [PLAIN, Show(moved=True)]


# -- showing again -----------------------------------------------------------------------------


async def test_a_persons_game_is_sent_anew_in_their_private_chat(
    games: Games, matches: Matches, notifier: RecordingNotifier
) -> None:
    assert await games.show_again(ALICE.chat_id, ALICE.user_id) is None
    game = await new_game(matches)
    notifier.told.clear()
    shown = await games.show_again(ALICE.chat_id, ALICE.user_id)
    assert shown is not None
    assert shown.record == game.record
    assert notifier.told == [Told(shown, Show(anew=ALICE.user_id))]


async def test_a_group_game_is_sent_anew_in_its_sitters_private_chat(
    games: Games, notifier: RecordingNotifier, store: GameStore
) -> None:
    game = await a_group_match(store)
    shown = await games.show_again(BEN.chat_id, BEN.user_id)
    assert shown is not None
    assert shown.game_id == game.game_id
    assert notifier.shows() == [Show(anew=BEN.user_id)]


@pytest.mark.parametrize("over", [None, "finished", "stopped"])
async def test_a_groups_table_is_sent_anew_live_finished_or_stopped(
    games: Games, notifier: RecordingNotifier, store: GameStore, over: str | None
) -> None:
    game = await a_group_match(store, finished=over == "finished")
    if over == "stopped":
        game = await store.save(stopped(game))
    shown = await games.show_table_again(GROUP_ID)
    assert shown is not None
    assert shown.version == game.version
    assert notifier.told == [Told(shown, Show(moved=True))]


async def test_a_cancelled_lobby_or_no_game_is_not_shown_again(
    games: Games, notifier: RecordingNotifier, store: GameStore
) -> None:
    assert await games.show_table_again(GROUP_ID) is None
    game = await store.create(ann_in(group_lobby()))
    await store.save(stopped(game))
    assert await games.show_table_again(GROUP_ID) is None
    assert notifier.told == []


# -- a group that moved --------------------------------------------------------------------------


async def test_a_game_follows_its_group_to_the_supergroup(
    games: Games, notifier: RecordingNotifier, store: GameStore
) -> None:
    game = await store.create(ann_in(group_lobby()))
    moved = await games.migrate(GROUP_ID, SUPERGROUP)
    assert moved is not None
    assert moved.chat_id == SUPERGROUP
    assert moved.version == game.version + 1
    assert await store.load_for_chat(GROUP_ID) is None
    live = await games.live_for_chat(SUPERGROUP)
    assert live is not None
    assert live.game_id == game.game_id
    assert notifier.told == [Told(moved, Show(moved=True))]
    # Both chats announce the move: the second time there is nothing to move.
    assert await games.migrate(GROUP_ID, SUPERGROUP) is None
    assert await games.migrate(GROUP_ID, SUPERGROUP, game.game_id) is None
    assert (await stored(store, game.game_id)).version == moved.version
    assert len(notifier.told) == 1


async def test_an_older_game_of_the_group_follows_it_by_id(games: Games, store: GameStore) -> None:
    old = await store.create(ann_in(group_lobby()))
    await games.commit(stopped(old))
    newer = await store.create(ben_in(group_lobby(game_id="0000bb5bc8", chat_id=SUPERGROUP)))
    moved = await games.migrate(GROUP_ID, SUPERGROUP, old.game_id)
    assert moved is not None
    assert moved.chat_id == SUPERGROUP
    latest = await store.load_for_chat(SUPERGROUP)
    assert latest is not None
    assert latest.game_id == newer.game_id  # the supergroup's own game keeps its place
    assert await store.load_for_chat(GROUP_ID) is None


async def test_a_move_that_meets_a_newer_version_is_left_to_the_next_one(
    redis: FakeAsyncRedis,
) -> None:
    store = ConflictingStore(redis, conflicts=1)
    game = await store.create(group_lobby())
    notifier = RecordingNotifier()
    assert await Games(store, notifier).migrate(GROUP_ID, SUPERGROUP) is None
    assert (await stored(store, game.game_id)).chat_id == GROUP_ID
    assert notifier.told == []


# -- languages -------------------------------------------------------------------------------


async def test_language_follows_the_player(
    games: Games, matches: Matches, notifier: RecordingNotifier
) -> None:
    game = await new_game(matches)
    [updated] = await games.set_language(ALICE.chat_id, ALICE.user_id, "it")
    assert updated.human(0).language == "it"
    assert updated.version == game.version + 1
    assert notifier.versions()[-1] == (game.game_id, updated.version)
    told = len(notifier.told)
    assert await games.set_language(ALICE.chat_id, ALICE.user_id, "it") == []
    assert await games.set_language(ALICE.chat_id, BOB, "fr") == []
    assert len(notifier.told) == told


async def test_language_follows_the_player_into_their_group_games(
    games: Games, store: GameStore
) -> None:
    open_lobby = await store.create(lobby.join(group_lobby(chat_id=-1), ANN, 2, secret(1)))
    other = await store.create(
        lobby.join(group_lobby(game_id="0000bb5bc8", chat_id=-2), ANN, 0, secret(1))
    )
    gone = await store.save(lobby.leave(other, ANN.user_id))  # still listed: she left since
    changed = await games.set_language(ANN.chat_id, ANN.user_id, "ru")
    assert [g.game_id for g in changed] == [open_lobby.game_id]
    assert changed[0].human(2).language == "ru"
    assert isinstance(changed[0].state, Lobby)
    assert (await stored(store, gone.game_id)).version == gone.version
