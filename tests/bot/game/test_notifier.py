"""The notifier the use cases tell (`Notifications`): delivery shows what it can at once,
whatever had to wait is marked due for the worker, a failed delivery never undoes the
change, and the worker is woken (or told to record a finished match)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pytest

from bot.game import lobby
from bot.game.notifier import FALLBACK, SOON, Alarm, Notifications
from bot.game.notify import PLAIN, Blocked, DisplayBusyError, Fact, GroupLost, Migrated, Show, Shown
from bot.game.ports import StorageUnavailableError
from bot.game.state import Game
from core.engine import Match
from core.variants import Variant
from tests.bot.factories import (
    finish_match,
    group_lobby,
    human,
    person,
    record_for,
    secret,
    solo_record,
)

NOW = 1_700_000_000.0
CLOCK = datetime.fromtimestamp(NOW, UTC)
BACKOFF = 5.0


@dataclass
class FakeDisplay:
    """Answers every pass with `answer` (or raises it); records each pass."""

    answer: Shown | Exception = field(default_factory=Shown)
    shown: list[tuple[Game, Show, str | None]] = field(default_factory=list)
    patience: list[float] = field(default_factory=list)

    async def show(
        self, game: Game, show: Show = PLAIN, *, token: str | None = None, patience: float = 0.0
    ) -> Shown:
        self.shown.append((game, show, token))
        self.patience.append(patience)
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


@dataclass
class FakeSchedule:
    """Records the games marked due; out of reach while `outage`."""

    marks: list[tuple[str, float]] = field(default_factory=list)
    rescheduled: list[tuple[str, int | None, float | None]] = field(default_factory=list)
    outage: bool = False

    async def due_at(self, now: float, limit: int = 50) -> list[tuple[str, float]]:
        return [(game_id, at) for game_id, at in self.marks if at <= now][:limit]

    async def next_due(self) -> float | None:
        return min((at for _, at in self.marks), default=None)

    async def mark_due(self, game_id: str, at: float = 0.0) -> None:
        if self.outage:
            raise StorageUnavailableError("the store is out of reach")
        self.marks.append((game_id, at))

    async def reschedule(self, game_id: str, version: int | None, at: float | None) -> bool:
        self.rescheduled.append((game_id, version, at))
        return True

    async def hand_over(self, game_id: str, at: float) -> None:
        self.marks.append((game_id, at))

    async def revisit_live(self, now: float) -> int:
        return 0

    async def forget(self, game_id: str) -> None:
        self.marks = [(i, at) for i, at in self.marks if i != game_id]


class CountingAlarm(Alarm):
    """The worker's alarm, counting what woke it."""

    def __init__(self) -> None:
        super().__init__()
        self.to_record = False
        self.pokes = 0
        self.records = 0

    def poke(self) -> None:
        self.pokes += 1
        super().poke()

    def record(self) -> None:
        self.records += 1
        super().record()


@dataclass
class Wiring:
    """A `Notifications` over fakes."""

    display: FakeDisplay = field(default_factory=FakeDisplay)
    schedule: FakeSchedule = field(default_factory=FakeSchedule)
    alarm: CountingAlarm = field(default_factory=CountingAlarm)

    @property
    def notifier(self) -> Notifications:
        return Notifications(self.display, self.schedule, self.alarm, lambda: CLOCK, BACKOFF)


def group_game() -> Game:
    return lobby.join(group_lobby(), person(11), None, secret(1))


def finished_game() -> Game:
    match = finish_match(Match.new(Variant.BLOCK, 2, 50, seed=1)[0])
    return record_for(match, [human(1), human(2)])


@pytest.fixture
def wiring() -> Wiring:
    return Wiring()


# -- what had to wait --------------------------------------------------------------------------


async def test_a_direct_game_is_marked_due_when_its_display_says(wiring: Wiring) -> None:
    game = solo_record()
    wiring.display.answer = Shown(at=NOW + 2.5)
    await wiring.notifier.changed(game, Show(adopt=9))
    assert wiring.display.shown == [(game, Show(adopt=9), None)]
    assert wiring.schedule.marks == [(game.game_id, NOW + 2.5)]


async def test_a_direct_game_shown_in_full_is_not_marked(wiring: Wiring) -> None:
    await wiring.notifier.changed(solo_record())
    assert wiring.schedule.marks == []


async def test_a_group_game_is_left_to_the_mark_its_save_made(wiring: Wiring) -> None:
    wiring.display.answer = Shown(at=NOW + 2.5)
    await wiring.notifier.changed(group_game())
    assert wiring.schedule.marks == []


@pytest.mark.parametrize("show", [Show(anew=11), Show(moved=True)], ids=["anew", "moved"])
async def test_a_group_game_shown_anew_is_due_at_once_when_something_waits(
    wiring: Wiring, show: Show
) -> None:
    """Shown anew without a save, nothing made it due."""
    game = group_game()
    wiring.display.answer = Shown(at=NOW + 2.5)
    await wiring.notifier.changed(game, show)
    assert wiring.schedule.marks == [(game.game_id, 0.0)]


async def test_a_group_game_shown_anew_in_full_is_not_marked(wiring: Wiring) -> None:
    await wiring.notifier.changed(group_game(), Show(moved=True))
    assert wiring.schedule.marks == []


async def test_a_game_another_process_delivers_is_due_now(wiring: Wiring) -> None:
    """The holder may be showing an older version: look again."""
    game = solo_record()
    wiring.display.answer = DisplayBusyError()
    assert await wiring.notifier.changed(game) == ()
    assert wiring.schedule.marks == [(game.game_id, NOW)]


async def test_a_busy_group_game_is_left_to_the_mark_its_save_made(wiring: Wiring) -> None:
    wiring.display.answer = DisplayBusyError()
    await wiring.notifier.changed(group_game())
    assert wiring.schedule.marks == []
    game = group_game()
    await wiring.notifier.changed(game, Show(anew=11))
    assert wiring.schedule.marks == [(game.game_id, 0.0)]


@pytest.mark.errors_expected
async def test_a_failed_delivery_is_logged_and_tried_again_after_the_backoff(
    wiring: Wiring, caplog: pytest.LogCaptureFixture
) -> None:
    game = solo_record()
    wiring.display.answer = RuntimeError("Telegram said no")
    assert await wiring.notifier.changed(game) == ()
    assert wiring.schedule.marks == [(game.game_id, NOW + BACKOFF)]
    [logged] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert game.game_id in logged.getMessage()
    assert logged.exc_info is not None
    assert wiring.alarm.pokes == 1


async def test_a_mark_refused_by_an_outage_does_not_escape(wiring: Wiring) -> None:
    """The schedule keeps the mark and writes it later: the change stays told."""
    wiring.schedule.outage = True
    wiring.display.answer = Shown(at=NOW + SOON + 1, facts=(GroupLost(),))
    assert await wiring.notifier.changed(solo_record()) == (GroupLost(),)
    wiring.display.answer = DisplayBusyError()
    assert await wiring.notifier.changed(group_game(), Show(moved=True)) == ()
    assert wiring.alarm.pokes == 2


# -- what delivery met, and the worker ---------------------------------------------------------


async def test_the_facts_delivery_met_are_handed_back(wiring: Wiring) -> None:
    facts: tuple[Fact, ...] = (Blocked(11), Migrated(-1_000_077), GroupLost())
    wiring.display.answer = Shown(facts=facts)
    assert await wiring.notifier.changed(group_game()) == facts


async def test_a_finished_match_is_handed_to_be_recorded(wiring: Wiring) -> None:
    await wiring.notifier.changed(finished_game())
    assert (wiring.alarm.records, wiring.alarm.pokes) == (1, 0)
    assert wiring.alarm.to_record
    assert wiring.alarm.event.is_set()


@pytest.mark.parametrize(
    ("game", "answer"),
    [(solo_record(), Shown(at=NOW + 5)), (group_game(), Shown()), (group_game(), Shown(at=NOW))],
    ids=["direct-waiting", "group-shown", "group-waiting"],
)
async def test_a_change_with_work_left_wakes_the_worker(
    wiring: Wiring, game: Game, answer: Shown
) -> None:
    """A group's save made it due (its bots, its timer); a direct game, when something
    of it had to wait."""
    wiring.display.answer = answer
    await wiring.notifier.changed(game)
    assert (wiring.alarm.records, wiring.alarm.pokes) == (0, 1)
    assert not wiring.alarm.to_record
    assert wiring.alarm.event.is_set()


async def test_a_direct_game_shown_in_full_leaves_the_worker_asleep(wiring: Wiring) -> None:
    await wiring.notifier.changed(solo_record())
    assert (wiring.alarm.records, wiring.alarm.pokes) == (0, 0)
    assert not wiring.alarm.event.is_set()


# -- a direct game whose chat's slot frees soon ------------------------------------------------


async def test_a_direct_change_whose_slot_frees_soon_is_shown_by_this_process(
    wiring: Wiring,
) -> None:
    """No worker woken, no reload: the same game is shown again by a pass that waits
    for the slot, and the worker's fallback mark is then dropped."""
    notifier = wiring.notifier
    game = solo_record()
    wiring.display.answer = Shown(at=NOW + 1)
    await notifier.changed(game)
    assert wiring.schedule.marks == [(game.game_id, NOW + 1 + FALLBACK)]  # the fallback
    assert wiring.alarm.pokes == 0
    wiring.display.answer = Shown()
    await notifier.settle()
    assert [(g, show) for g, show, _ in wiring.display.shown] == [(game, PLAIN), (game, PLAIN)]
    assert wiring.display.patience == [0.0, 1 + SOON]  # the second waits for its slot
    assert wiring.schedule.rescheduled == [(game.game_id, game.version, None)]


async def test_a_direct_change_waiting_longer_is_left_to_the_worker(wiring: Wiring) -> None:
    game = solo_record()
    wiring.display.answer = Shown(at=NOW + SOON + 1)
    notifier = wiring.notifier
    await notifier.changed(game)
    await notifier.settle()
    assert wiring.schedule.marks == [(game.game_id, NOW + SOON + 1)]
    assert len(wiring.display.shown) == 1
    assert wiring.alarm.pokes == 1


async def test_a_direct_change_with_a_slot_kept_for_it_is_shown_by_this_process(
    wiring: Wiring,
) -> None:
    """However far off the slot kept for it (a crowd ahead in the bot's pace), the
    process that kept it shows the change then: the worker only falls back."""
    game = solo_record()
    wiring.display.answer = Shown(at=NOW + SOON + 4, kept=True)
    notifier = wiring.notifier
    await notifier.changed(game)
    assert wiring.schedule.marks == [(game.game_id, NOW + SOON + 4 + FALLBACK)]
    assert wiring.alarm.pokes == 0
    wiring.display.answer = Shown()
    await notifier.settle()
    assert len(wiring.display.shown) == 2
    assert wiring.display.patience == [0.0, SOON + 4 + SOON]


async def test_a_later_show_that_still_waits_hands_the_game_to_the_worker(
    wiring: Wiring,
) -> None:
    notifier = wiring.notifier
    game = solo_record()
    wiring.display.answer = Shown(at=NOW + 1)
    await notifier.changed(game)
    wiring.display.answer = Shown(at=NOW + 3)  # another call took the slot meanwhile
    await notifier.settle()
    assert wiring.schedule.marks[-1] == (game.game_id, NOW + 3)
    assert wiring.schedule.rescheduled == []
    assert wiring.alarm.pokes == 1
