"""Where the keys live in a Redis Cluster (`bot.store.slots`)."""

from __future__ import annotations

import random
import re

from redis.crc import key_slot

from bot.store import keys
from bot.store.slots import SHARD_SLOTS, SHARDS, game_id_in, shard_of_game


def test_the_shards_have_slots_of_their_own() -> None:
    assert len(set(SHARD_SLOTS)) == SHARDS
    assert [key_slot(keys.due(s).encode()) for s in range(SHARDS)] == list(SHARD_SLOTS)


def test_a_new_id_falls_in_its_shards_slot() -> None:
    rng = random.Random(5)
    for shard in range(SHARDS):
        game_id = game_id_in(shard, rng)
        assert re.fullmatch(r"[0-9a-f]{10}", game_id)
        assert key_slot(keys.game(game_id).encode()) == SHARD_SLOTS[shard]
        assert shard_of_game(game_id) == shard
