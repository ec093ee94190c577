"""How often each chat may be written to, shared by every process: a generic cell rate
algorithm (GCRA) per chat in Redis, and one for the whole bot (in two shares, see
`Limits`). A call that may not go
now is told when it may: the caller schedules itself for then instead of asking
Telegram and being told 429.

Each limit is an interval between calls and a burst: `burst` calls may go at once,
then one per `interval`. A chat or the bot that Telegram answered 429 is held until
the time it asked for.

A call takes a slot in both, its chat's and its share of the bot's: two single-key
scripts (the chat's pace and the bot's are
in different slots of a cluster), sent together in one round trip. When one refuses
and the other took, the slot taken is given back: its theoretical arrival time (TAT)
moves back by the interval its take added.

Times are kept as seconds with six decimals and reckoned in whole microseconds, so a
take and its refund cancel exactly. Beside each pace, in its slot, is its run: a token
naming the unbroken run of takes since the pace was last idle or held. A refund applies
only within the run of its take; once the pace has been idle since (the takes since
were charged from their own times: the refunded one no longer weighs on it) or held
since (a 429's wait must stay whole), nothing is given back. So a refund never gives
back more than its take added, whatever other processes took meanwhile. The one
leeway: a take that queued behind the refunded one moves up by that interval, though
alone it would have been charged from its own, slightly later, time: early by at most
the time between the two takes, both made before the refund came."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from redis.typing import EncodableT

from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors
from bot.tokens import new_token

BOT = 0  # the key of the bot's pace for private chats (no chat has id 0)
GROUPS = "groups"  # the key of the share of it kept for groups (`Limits.groups`)
_MICROS = 1_000_000

# Lua helpers: a stored time in whole microseconds, and back as seconds text (Lua's own
# tostring keeps 14 digits: tenths of a millisecond at today's times).
_TIMES = """
local function micros(text) return math.floor(tonumber(text) * 1000000 + 0.5) end
local function seconds(us) return string.format('%.6f', us / 1000000) end
local function keep(key, run, tat, now, text)
  local px = math.ceil((tat - now) / 1000) + 1000
  if px <= 0 then
    redis.call('DEL', key, run)
  else
    redis.call('SET', key, text, 'PX', px)
    redis.call('PEXPIRE', run, px)
  end
end
"""

# KEYS: a pace, its run. ARGV: now, interval (µs), burst, a new run's token, how far
# ahead a slot may be booked (µs; 0: now or not at all). Returns {the slot's time, the
# run} when one is taken (now, or the time booked), else {the earliest time, ''}.
_TAKE = (
    _TIMES
    + """
local now, interval, burst = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local ahead = tonumber(ARGV[5])
local stored = redis.call('GET', KEYS[1])
local tat = stored and micros(stored) or 0
local run = redis.call('GET', KEYS[2])
if tat <= now then tat, run = now, false end
local allowed = tat - interval * (burst - 1)
if allowed > now + ahead then return {seconds(allowed), ''} end
run = run or ARGV[4]
redis.call('SET', KEYS[2], run)
keep(KEYS[1], KEYS[2], tat + interval, now, seconds(tat + interval))
if allowed < now then allowed = now end
return {seconds(allowed), run}
"""
)

# KEYS: a pace, its run. ARGV: the run of the take given back, its interval (µs), now.
# Returns 1 when given back.
_GIVE_BACK = (
    _TIMES
    + """
local stored = redis.call('GET', KEYS[1])
if not stored or redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
local tat = micros(stored) - tonumber(ARGV[2])
keep(KEYS[1], KEYS[2], tat, tonumber(ARGV[3]), seconds(tat))
return 1
"""
)

# Hold a chat until ARGV[2]: its next call then goes no earlier (a 429's retry_after).
# KEYS: the pace, its run. ARGV: now, until, interval (µs), burst, a new run's token:
# the hold starts a run, so no refund of an earlier take can cut into it.
_HOLD = (
    _TIMES
    + """
local now, until_ = tonumber(ARGV[1]), tonumber(ARGV[2])
local interval, burst = tonumber(ARGV[3]), tonumber(ARGV[4])
local stored = redis.call('GET', KEYS[1])
local tat = until_ + interval * (burst - 1)
if stored and micros(stored) >= tat then tat = micros(stored) end
redis.call('SET', KEYS[2], ARGV[5])
keep(KEYS[1], KEYS[2], tat, now, seconds(tat))
return 1
"""
)


def _keys(chat_id: int | str) -> list[str]:
    """A pace's scripts' KEYS: the pace, its run (in its slot)."""
    return [keys.pace(chat_id), keys.pace_run(chat_id)]


def _micros(seconds: float) -> int:
    return round(seconds * _MICROS)


@dataclass(frozen=True, slots=True)
class Limit:
    """`burst` calls at once, then one every `interval` seconds."""

    interval: float
    burst: int = 1


@dataclass(frozen=True, slots=True)
class Limits:
    """Telegram's limits, kept with a margin: about one message a second in a private
    chat (a small burst allowed), 20 a minute in a group, 30 a second for the bot.

    The bot's 30 are shared in two: `bot` for private chats, `groups` for groups' chats
    (None: groups share `bot`). Calls that cannot wait for a slot (a group's table, at
    its own pace) would otherwise lose the bot's to the many that book theirs ahead
    (people pressing flat out in direct games): a group's game never waits behind a
    crowd of direct games, and a crowd of groups never behind them either."""

    # Two at once, then one a second: Telegram counts 3 in a second and 13 in ten, and a
    # call that reaches it late (a loaded machine, a photo's upload) must not make a
    # fourth in the second its burst began (with three at once there was no margin).
    private: Limit = Limit(interval=1.0, burst=2)
    group: Limit = Limit(interval=3.5, burst=3)  # at most 17 + 3 = 20 in any minute
    bot: Limit = Limit(interval=1 / 20, burst=4)  # at most 20 + 3 = 23 in any second
    groups: Limit | None = Limit(interval=1 / 5, burst=1)  # at most 5: 28 in all

    def of(self, chat_id: int) -> Limit:
        """Private chats have positive ids, groups negative ones."""
        return self.private if chat_id > 0 else self.group

    def share_of(self, chat_id: int) -> tuple[int | str, Limit]:
        """The key and the limit of the share of the bot's pace a chat's calls take."""
        if chat_id < 0 and self.groups is not None:
            return GROUPS, self.groups
        return BOT, self.bot


@dataclass(frozen=True, slots=True)
class Booking:
    """A slot for one call: `booked`, the call is made at `at`; else `at` is when one
    frees (nothing taken), and `bot_at` when the chat's share of the bot's pace frees,
    if that pace refused (else 0)."""

    at: float
    booked: bool
    bot_at: float = 0.0


@dataclass(frozen=True, slots=True)
class _Answer:
    """One pace's answer: taken (in `run`) for `at`, or refused (`run` empty) until `at`."""

    chat_id: int | str
    limit: Limit
    at: float
    run: str


class Pace:
    """Takes a slot for a call to a chat, or says when one will be free."""

    def __init__(self, redis: RedisClient, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self._redis = redis
        self._give_back_script = redis.register_script(_GIVE_BACK)
        self._hold = redis.register_script(_HOLD)

    async def take(self, chat_id: int, now: float) -> float | None:
        """Take a slot for one call to `chat_id` now: None when taken, else the time at
        which one will be free (nothing taken)."""
        booking = await self.book(chat_id, now, 0.0)
        return None if booking.booked else booking.at

    async def book(self, chat_id: int, now: float, ahead: float, *, spare: int = 0) -> Booking:
        """A slot for one call to `chat_id` at the earliest time both paces allow, if
        that is no more than `ahead` seconds from now: booked, the call is to be made at
        `at` (not before). Else nothing is taken, and `at` is when a slot frees. A slot
        booked ahead is no one else's: callers waiting for the same pace (the whole
        bot's) each get their own turn instead of all coming back at the same moment.
        `spare`: calls of the chat's burst this call leaves to others (it is taken only
        when that many more could still go at once)."""
        share = self.limits.share_of(chat_id)
        paces: list[tuple[int | str, Limit]] = [(chat_id, self.limits.of(chat_id)), share]
        token = new_token()
        calls: list[tuple[list[str], list[EncodableT]]] = [
            (
                _keys(c),
                [
                    _micros(now),
                    _micros(limit.interval),
                    max(1, limit.burst - spare) if c == chat_id else limit.burst,
                    token,
                    _micros(ahead),
                ],
            )
            for c, limit in paces
        ]
        raw = await self._take_together(calls)
        answers = [
            _Answer(c, limit, float(at), text(run))
            for (c, limit), (at, run) in zip(paces, raw, strict=True)
        ]
        refused = [a.at for a in answers if not a.run]
        if not refused:
            return Booking(max(a.at for a in answers), booked=True)
        for answer in answers:
            if answer.run:
                await self._give_back(answer, now)
        bot_at = next((a.at for a in answers if a.chat_id == share[0] and not a.run), 0.0)
        return Booking(max(refused), booked=False, bot_at=bot_at)

    async def _take_together(self, calls: list[tuple[list[str], list[EncodableT]]]) -> list[Any]:
        """The takes in one pipeline, without MULTI: each on its own slot. EVAL rather
        than EVALSHA: a cluster's pipeline refuses EVALSHA (it cannot load scripts on
        the nodes first), and the script is short."""
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            for script_keys, args in calls:
                pipe.eval(_TAKE, len(script_keys), *script_keys, *args)
            answers: list[Any] = await pipe.execute()
        return answers

    async def _give_back(self, taken: _Answer, now: float) -> None:
        """Give back a slot `take` took (the other pace refused the call)."""
        args: list[EncodableT] = [taken.run, _micros(taken.limit.interval), _micros(now)]
        async with redis_errors():
            await self._give_back_script(keys=_keys(taken.chat_id), args=args)

    async def hold(self, chat_id: int, now: float, until: float) -> None:
        """No call to `chat_id` before `until` (Telegram asked for the wait)."""
        limit = self.limits.of(chat_id)
        args: list[EncodableT] = [
            _micros(now),
            _micros(until),
            _micros(limit.interval),
            limit.burst,
            new_token(),
        ]
        async with redis_errors():
            await self._hold(keys=_keys(chat_id), args=args)
