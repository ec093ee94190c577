"""Every Redis key the bot uses. The keys of one game carry its id as a hash tag
(`{id}`), the schedules are split in shards with tags of their own, and each chat's
pointer carries its shard's tag (see `bot.store.slots`): every script and transaction
touches one slot of a Redis Cluster. Keys outside any script (a person's, a chat's
counters) are used one at a time."""

from __future__ import annotations

from bot.store.slots import shard_of_chat, tag

PREFIX = "dominoes"


def due(shard: int) -> str:
    """A sorted set: game id -> when it next needs attention, for the games of a shard."""
    return f"{PREFIX}:due:{{{tag(shard)}}}"


def live(shard: int, variant: str | None = None) -> str:
    """A set: a shard's games open or being played (shown again at start-up); with a
    variant, those of that variant (counted for /metrics)."""
    base = f"{PREFIX}:live:{{{tag(shard)}}}"
    return base if variant is None else f"{base}:{variant}"


def finished(shard: int) -> str:
    """A set: a shard's matches with a result not yet recorded (stats, history)."""
    return f"{PREFIX}:finished:{{{tag(shard)}}}"


def game(game_id: str) -> str:
    """A hash: `v` the version, `d` the record (compressed JSON), `l` 1 while live, `w`
    the last write's token."""
    return f"{PREFIX}:game:{{{game_id}}}"


def messages(game_id: str) -> str:
    """A hash: where the game's messages are and what they last showed."""
    return f"{PREFIX}:msgs:{{{game_id}}}"


def outbox(chat_id: int) -> str:
    """A hash: what the chat must still be shown (see `bot.store.outbox`), in the slot of
    the chat's shard, as its games are."""
    return f"{PREFIX}:outbox:{{{tag(shard_of_chat(chat_id))}}}:{chat_id}"


def sender(chat_id: int) -> str:
    """A hash: the process sending to the chat, until when, and the chat's pace."""
    return f"{PREFIX}:sender:{{{tag(shard_of_chat(chat_id))}}}:{chat_id}"


def outboxes(shard: int) -> str:
    """A sorted set: chat id -> when to look at its outbox if its sender does not."""
    return f"{PREFIX}:outboxes:{{{tag(shard)}}}"


def outboxes_of(chat_id: int) -> str:
    """The index of the chat's shard (see `outboxes`)."""
    return outboxes(shard_of_chat(chat_id))


def processes() -> str:
    """A sorted set: the bot's live processes, each until when it said it lives."""
    return f"{PREFIX}:processes"


def chat(chat_id: int) -> str:
    """The chat's latest game id, in the slot of the chat's shard: the slot its new
    games are placed in."""
    return f"{PREFIX}:chat:{{{tag(shard_of_chat(chat_id))}}}:{chat_id}"


def language(chat_id: int) -> str:
    """The language a person chose with /lang (by user id), or a group's (by its chat
    id: negative, so never a person's)."""
    return f"{PREFIX}:lang:{chat_id}"


def rights(chat_id: int) -> str:
    """What the bot is in a group: "admin" or "member" (Telegram tells it)."""
    return f"{PREFIX}:rights:{chat_id}"


def look(chat_id: int) -> str:
    """How a person (by user id) or a group (by chat id) chose to see their games."""
    return f"{PREFIX}:look:{chat_id}"


def person(user_id: int) -> str:
    """A set: the group games a person sits in."""
    return f"{PREFIX}:user:{user_id}"


def update(bot_id: int, update_id: int) -> str:
    """Who handles one update of the bot, or that it was handled (see `bot.store.updates`)."""
    return f"{PREFIX}:update:{bot_id}:{update_id}"


def confirmation(game_id: str) -> str:
    """The game's one /stop confirmation waiting for an answer (see `bot.store.confirmations`)."""
    return f"{PREFIX}:stop:{{{game_id}}}"


def conversation(chat_id: int) -> str:
    """How many messages were seen in a group (see `bot.store.chats`)."""
    return f"{PREFIX}:talk:{chat_id}"


def history(chat_id: int) -> str:
    """A sorted set: the chat's last matches, `<game id> <entry>` by when each ended (see
    `bot.store.history`)."""
    return f"{PREFIX}:history:{{{chat_id}}}"


def history_hand(chat_id: int) -> str:
    """The last hand of the chat's latest match in its history, compressed JSON."""
    return f"{PREFIX}:history-hand:{{{chat_id}}}"


def history_person(user_id: int) -> str:
    """A set: the chats whose history names a person (what `forget` goes through)."""
    return f"{PREFIX}:history-person:{user_id}"


def stats(user_id: int) -> str:
    """A hash kept without expiry: a person's records, overall, per group, per Kozel
    partner and against the bots (see `bot.store.stats`)."""
    return f"{PREFIX}:stats:{user_id}"


def stats_applied(user_id: int) -> str:
    """A hash beside a person's records, in their slot (its hash tag is their key's
    whole name): game id -> when the match was added to them (ms) and the counts it
    filed (see `bot.store.stats`)."""
    return f"{PREFIX}:stats-applied:{{{stats(user_id)}}}"


def roster(chat_id: int) -> str:
    """A set kept without expiry: the people with a record in a group (for /top)."""
    return f"{PREFIX}:roster:{chat_id}"


def counted(game_id: str) -> str:
    """A hash: the match is counted in the records, with the counts its group may be
    told (see `bot.store.stats`)."""
    return f"{PREFIX}:counted:{{{game_id}}}"


def rated(game_id: str) -> str:
    """A hash: what the match changes in the ratings, fixed by its first count, by seat
    (see `bot.store.ratings`)."""
    return f"{PREFIX}:rated:{{{game_id}}}"


def levels(scope: str) -> str:
    """A hash kept without expiry: the bot levels' ratings in a group (`scope` its chat
    id) or everywhere (`all`)."""
    return f"{PREFIX}:levels:{scope}"


def levels_applied(scope: str) -> str:
    """A hash beside `levels(scope)`, in its slot: game id -> when the match moved them."""
    return f"{PREFIX}:levels-applied:{{{levels(scope)}}}"
