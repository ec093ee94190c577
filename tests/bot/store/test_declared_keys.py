"""Every key the scripts of the records, the history and the outboxes touch is one they
declare in KEYS: a Redis Cluster routes a script by its KEYS, and a key named inside
the script lives on whatever node its own slot says (Redis 7.0 refuses it only when that
node is another one). Each script runs here with every `redis.call` checked against
its KEYS; the slot guard (the `redis` fixture's) checks that those KEYS share a slot."""

from __future__ import annotations

import random

import pytest
from fakeredis import FakeAsyncRedis

from bot.game.history import History
from bot.game.tally import tally
from bot.store import game_scripts, history, outbox_scripts, ratings, stats
from bot.store.history import HistoryStore
from bot.store.outbox import Outboxes
from bot.store.slots import game_id_in, shard_of_chat
from bot.store.stats import StatsStore
from tests.bot.factories import human
from tests.bot.store.test_history import BOT, finished_game
from tests.bot.store.test_ratings import with_bots
from tests.bot.telegram.group.driver import ALICE, BOB, CAROL, DAVE, GROUP
from tests.bot.telegram.records import kozel_won_by

# Prepended to a script, whose `redis.call`s become `checked`: every command the
# scripts send names its key first, and DEL names only keys.
_CHECKED = """
local function declared(key)
  for _, name in ipairs(KEYS) do if name == key then return true end end
  return false
end
local function checked(command, ...)
  local args = {...}
  local touched = string.upper(command) == 'DEL' and args or {args[1]}
  for _, key in ipairs(touched) do
    if not declared(key) then error('a key not in KEYS: ' .. tostring(key)) end
  end
  return redis.call(command, ...)
end
"""

SCRIPTS = {
    stats: ("_APPLY", "_MARK_COUNTED"),
    ratings: ("_FIX", "_ADD_ONCE"),
    history: ("_ADD", "_REPLACE"),
    outbox_scripts: ("MARK", "TAKE", "DONE"),
}


def checking(script: str) -> str:
    return _CHECKED + script.replace("redis.call(", "checked(")


def assert_checked(*scripts: str | bytes | memoryview) -> None:
    """The scripts a store sent are the checked ones (not a copy taken at import)."""
    for script in scripts:
        text = script if isinstance(script, str) else bytes(script).decode()
        assert text.startswith(_CHECKED), text[:80]


@pytest.fixture(autouse=True)
def checked_scripts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stores made from now on run their scripts checked."""
    for module, names in SCRIPTS.items():
        for name in names:
            monkeypatch.setattr(module, name, checking(getattr(module, name)))


async def test_the_check_catches_a_key_named_inside_a_script(redis: FakeAsyncRedis) -> None:
    script = redis.register_script(checking("return redis.call('GET', ARGV[1])"))
    with pytest.raises(Exception, match="a key not in KEYS"):
        await script(keys=["dominoes:declared"], args=["dominoes:undeclared"])


async def test_the_records_scripts_touch_only_their_keys(redis: FakeAsyncRedis) -> None:
    store = StatsStore(redis)
    for n in range(3):
        game_id = game_id_in(shard_of_chat(GROUP), random.Random(n))
        game = kozel_won_by(game_id, (ALICE, CAROL), (BOB, DAVE), GROUP)
        assert await store.count(tally(game))
        assert not await store.count(tally(game))
    await store.forget(ALICE.id)
    assert await store.person(ALICE.id) is None
    assert_checked(store._apply.script, store._mark.script)


async def test_the_ratings_scripts_touch_only_their_keys(redis: FakeAsyncRedis) -> None:
    store = StatsStore(redis)
    for n in (11, 12):
        game = with_bots(n)  # a plan, and the bot levels' ratings
        assert await store.count(tally(game))
        assert not await store.count(tally(game))
    assert await store.levels(GROUP)
    assert_checked(store._ratings._fix.script, store._ratings._add_once.script)


async def test_the_historys_scripts_touch_only_their_keys(redis: FakeAsyncRedis) -> None:
    store = HistoryStore(redis)
    book = History(store)
    alice, bob = human(ALICE.id, "Alice"), human(BOB.id, "Bob")
    for n in range(1, 4):
        await book.keep(finished_game(n, GROUP, [alice, bob]))
    await book.keep(finished_game(4, ALICE.id, [alice, BOT]))
    await store.forget(ALICE.id)
    assert len(await book.recent(GROUP)) == 3
    assert_checked(store._add.script, store._replace.script)


async def test_the_outboxes_scripts_touch_only_their_keys(redis: FakeAsyncRedis) -> None:
    now = [100.0]
    mine = Outboxes(redis, "mine", 3.0, lambda: now[0])
    theirs = Outboxes(redis, "theirs", 3.0, lambda: now[0])
    assert (await mine.mark(ALICE.id, {"game:a": "1"})).taken
    assert (await theirs.mark(ALICE.id, {"game:a": "2"})).held
    kept = await mine.done(ALICE.id, 101.0, {"game:a": "1"}, release=True, until=103.0)
    assert kept.entries == {"game:a": "2"}  # a newer version stays
    assert (
        await mine.done(ALICE.id, 102.0, {"game:a": "2"}, release=True, until=0)
    ).entries is None
    now[0] = 200.0
    assert await theirs.take(ALICE.id) is None  # nothing left to send
    assert_checked(mine._mark.script, mine._take.script, outbox_scripts.DONE)


def test_the_save_script_names_the_outbox_it_marks_among_its_keys() -> None:
    """The save marks its chat's outbox with the functions the outbox's scripts use."""
    assert game_scripts.SAVE.startswith(outbox_scripts.MARK_LUA)
