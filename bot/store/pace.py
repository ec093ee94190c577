"""How often each chat may be written to, shared by every process: a generic cell rate
algorithm (GCRA) per chat in Redis, and one for the whole bot, checked together in one
script. A call that may not go now is told when it may: the caller schedules itself
for then instead of asking Telegram and being told 429.

Each limit is an interval between calls and a burst: `burst` calls may go at once,
then one per `interval`. A chat or the bot that Telegram answered 429 is held until
the time it asked for."""

from __future__ import annotations

from dataclasses import dataclass

from redis.asyncio import Redis
from redis.typing import EncodableT

from bot.store import keys
from bot.store.errors import redis_errors

BOT = 0  # the chat id under which the whole bot's pace is kept (no chat has id 0)

# KEYS: the chat's pace, the bot's. ARGV: now, then interval and burst for each.
# Returns "0" (go: both slots are taken) or the earliest time, as text (Lua numbers
# would be cut to integers on the way out).
_TAKE = """
local now = tonumber(ARGV[1])
local at, tats = now, {}
for i = 1, 2 do
  local interval, burst = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  local tat = tonumber(redis.call('GET', KEYS[i]) or '0')
  if tat < now then tat = now end
  tats[i] = tat
  local allowed = tat - interval * (burst - 1)
  if allowed > at then at = allowed end
end
if at > now then return tostring(at) end
for i = 1, 2 do
  local interval = tonumber(ARGV[2 * i])
  local next_tat = tats[i] + interval
  redis.call('SET', KEYS[i], tostring(next_tat), 'PX', math.ceil((next_tat - now) * 1000) + 1000)
end
return '0'
"""

# Hold a chat until ARGV[2]: its next call then goes no earlier (a 429's retry_after).
_HOLD = """
local now, until_ = tonumber(ARGV[1]), tonumber(ARGV[2])
local interval, burst = tonumber(ARGV[3]), tonumber(ARGV[4])
local tat = until_ + interval * (burst - 1)
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current < tat then
  redis.call('SET', KEYS[1], tostring(tat), 'PX', math.ceil((tat - now) * 1000) + 1000)
end
return 1
"""


@dataclass(frozen=True, slots=True)
class Limit:
    """`burst` calls at once, then one every `interval` seconds."""

    interval: float
    burst: int = 1


@dataclass(frozen=True, slots=True)
class Limits:
    """Telegram's limits, kept with a margin: about one message a second in a private
    chat (a small burst allowed), 20 a minute in a group, 30 a second for the bot."""

    private: Limit = Limit(interval=1.0, burst=3)
    group: Limit = Limit(interval=3.5, burst=3)  # at most 17 + 3 = 20 in any minute
    bot: Limit = Limit(interval=1 / 25, burst=5)  # at most 25 + 4 = 29 in any second

    def of(self, chat_id: int) -> Limit:
        """Private chats have positive ids, groups negative ones."""
        return self.private if chat_id > 0 else self.group


class Pace:
    """Takes a slot for a call to a chat, or says when one will be free."""

    def __init__(self, redis: Redis, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self._take = redis.register_script(_TAKE)
        self._hold = redis.register_script(_HOLD)

    async def take(self, chat_id: int, now: float) -> float | None:
        """Take a slot for one call to `chat_id` now: None when taken, else the time at
        which one will be free (nothing taken)."""
        chat, bot = self.limits.of(chat_id), self.limits.bot
        args: list[EncodableT] = [
            repr(now),
            repr(chat.interval),
            chat.burst,
            repr(bot.interval),
            bot.burst,
        ]
        async with redis_errors():
            answer = await self._take(keys=[keys.pace(chat_id), keys.pace(BOT)], args=args)
        at = float(answer)
        return None if at == 0 else at

    async def hold(self, chat_id: int, now: float, until: float) -> None:
        """No call to `chat_id` before `until` (Telegram asked for the wait)."""
        limit = self.limits.of(chat_id)
        args: list[EncodableT] = [repr(now), repr(until), repr(limit.interval), limit.burst]
        async with redis_errors():
            await self._hold(keys=[keys.pace(chat_id)], args=args)
