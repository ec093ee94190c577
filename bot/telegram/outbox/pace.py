"""Telegram's limits, kept with a margin, and how a sender waits for them.

Each limit is a GCRA (the generic cell rate algorithm): `burst` calls at once, then one
every `interval` seconds. Its whole state is one number, the theoretical arrival time
of the next call (`tat`), so a chat's pace goes with the chat from one sender to the
next (it is kept beside the chat's sender in Redis, `bot.store.outbox`), where a
leaky bucket's level (aiolimiter's) stays in its process. The bot's own limit is
shared: each live process takes an equal part of it (`Limits.share`). A process's turns
are taken in the order its senders ask, before each renders its call; a busy process
may reach several of them late at once, so its calls are paced again as they go."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limit:
    """`burst` calls at once, then one every `interval` seconds."""

    interval: float
    burst: int = 1


@dataclass(frozen=True, slots=True)
class Limits:
    """About one message a second in a private chat (Telegram counts 3 in a second: two
    at once leave room for a call that reaches it late), 20 a minute in a group (17 + 3),
    and 30 a second for the bot, of which 25 are used, shared by its live processes."""

    private: Limit = Limit(interval=1.0, burst=2)
    group: Limit = Limit(interval=3.5, burst=3)
    bot: Limit = Limit(interval=1 / 25, burst=3)

    def of(self, chat_id: int) -> Limit:
        """Private chats have positive ids, groups negative ones."""
        return self.private if chat_id > 0 else self.group

    def share(self, processes: int) -> Limit:
        """One live process's part of the bot's limit."""
        return Limit(self.bot.interval * max(1, processes), self.bot.burst)


class Pace:
    """A GCRA (see the module's doc)."""

    def __init__(self, limit: Limit, tat: float = 0.0) -> None:
        self.limit = limit
        self.tat = tat

    def free_at(self, now: float) -> float:
        """When the next call may go (now or later)."""
        return max(now, self.tat - (self.limit.burst - 1) * self.limit.interval)

    def take(self, now: float) -> float:
        """Take the next call's turn; returns when it may go."""
        at = self.free_at(now)
        self.tat = max(self.tat, at) + self.limit.interval
        return at

    def give_back(self) -> None:
        """The turn last taken was not used (nothing reached Telegram)."""
        self.tat -= self.limit.interval

    def hold(self, until: float) -> None:
        """No call before `until` (Telegram asked for the wait)."""
        self.tat = max(self.tat, until + (self.limit.burst - 1) * self.limit.interval)
