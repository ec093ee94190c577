"""Slots for calls to Telegram, each in its chat's pace and the whole bot's (`Pace`),
asked for as this process's callers need them.

Callers wait for one pace (the bot's, when a crowd presses flat out) in two ways: a
caller that waits a little (a reply, a menu) books the first slot that frees and sleeps
until it (`book`), the slot its own meanwhile; a pass that cannot wait (the worker's)
books it all the same and is told to come back then (`slot` with `ahead`): the slot is
kept for this process, and given without asking Redis when a pass comes back, unless a
reply took it first (replies go ahead of the games' messages). Either way a slot booked
is no one else's, so the callers of one pace get their turns in order instead of all
asking at the moment it frees, where those that only ask would lose to those that book.

While a share of the bot's pace is known to be full (it refused, and said when it
frees), no slot is asked of Redis for a call that cannot wait that long: none would be
given, since other processes only take more. It is a hint: a refund may free a slot a
little sooner, and then one waits a little longer than needed."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.telegram.ports import Pace

EARLY = 0.01  # seconds: a kept slot is given this much before its time (clock steps)
KEPT = 1.0  # seconds past its time a kept slot is still given; later, one is asked anew


class Slots:
    """Slots for calls, booked ahead and kept (see the module's doc)."""

    def __init__(
        self,
        pace: Pace,
        clock: Callable[[], float],
        sleep: Callable[[float], Awaitable[None]],
    ) -> None:
        self._pace = pace
        self._clock = clock
        self._sleep = sleep
        # Per share of the bot's pace (a group's chat, or not): when it frees.
        self._bot_free_at = {False: 0.0, True: 0.0}
        self._kept: dict[int, float] = {}  # chat id: the time of a slot booked for it

    def bot_busy_until(self, ahead: float = 0.0, *, group: bool = False) -> float | None:
        """When the bot's pace (its share for private chats, or for groups) frees, if it
        is known not to free within `ahead` seconds (no slot would be given), else None."""
        free_at = self._bot_free_at[group]
        return free_at if free_at > self._clock() + ahead else None

    async def slot(self, chat_id: int, ahead: float = 0.0, *, spare: int = 0) -> float | None:
        """A slot for one call to `chat_id` now (None), or the time to come back: a slot
        that frees within `ahead` seconds is booked and kept for then. `spare`: calls
        of the chat's burst this call leaves to replies."""
        at, booked = await self._reserve(chat_id, ahead, spare=spare)
        return None if booked and at <= self._clock() else at

    async def book(self, chat_id: int, ahead: float) -> float | None:
        """A slot for one call to `chat_id` no more than `ahead` seconds from now, waited
        for (None: the call may go now); else the time one frees (nothing taken).

        The slot is the caller's alone while it waits (a pass that comes back meanwhile
        is not given it), and a slot a pass of this process kept is taken from it: a
        reply to someone goes ahead of the game's messages, which ask again."""
        at, booked = await self._reserve(chat_id, ahead, hold=True)
        if not booked:
            return at
        wait = at - self._clock()
        if wait > 0:
            await self._sleep(wait)
        return None

    async def _reserve(
        self, chat_id: int, ahead: float, *, hold: bool = False, spare: int = 0
    ) -> tuple[float, bool]:
        """(now, True): a slot to use now (a kept one is given up); (at, True): a slot
        for `at`, kept for the caller that comes back (`hold`: held by the caller, who
        waits for it); (at, False): none before `at`."""
        now = self._clock()
        kept = self._kept.get(chat_id)
        if kept is not None:
            if now >= kept - EARLY:
                del self._kept[chat_id]
                if now <= kept + KEPT:
                    return now, True
            elif not hold:
                return kept, True
            elif kept <= now + ahead:
                del self._kept[chat_id]
                return kept, True
        busy = self.bot_busy_until(ahead, group=chat_id < 0)
        if busy is not None:
            return busy, False
        booking = await self._pace.book(chat_id, now, ahead, spare=spare)
        if not booking.booked:
            self._bot_free_at[chat_id < 0] = booking.bot_at
            return booking.at, False
        if booking.at <= now + EARLY:
            return now, True
        if not hold:
            self._kept[chat_id] = booking.at
        return booking.at, True
