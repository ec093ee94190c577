"""Group games' use cases: open, the lobby's buttons, join once written to, leave (a bot
takes the seat), take a bot's seat between hands, stop; each change told once."""

from __future__ import annotations

import asyncio

import pytest

from bot.game.actions import GroupAction
from bot.game.errors import RefusalCode, RefusalError
from bot.game.groups import GroupGames
from bot.game.notify import PLAIN
from bot.game.people import Person
from bot.game.record import NoticeKind, SeatNotice
from bot.game.seats import BotSeat, HumanSeat, Seat, human_seat
from bot.game.state import Game, HandOver, InMatch, Lobby, Playing, Stopped
from bot.store.games import GameStore
from core.engine import Match
from core.players import Level
from core.variants import DEFAULT_TARGET, Variant
from tests.bot.factories import GROUP_ID, finish_hand, group_lobby, person, record_for
from tests.bot.game.conftest import RecordingNotifier, RecordingReach, Told
from tests.bot.game.helpers import refused, stored

ANN = person(11, "Ann")  # opens the group's games
BEN = person(12, "Ben", "ru")
CAT = person(13, "Cat", "it")
DAN = person(14, "Dan")
EVE = person(15, "Eve")  # in the group, never at the table


class Admin:
    """Answers whether the presser administers the group; counts the questions."""

    def __init__(self, answer: bool = False) -> None:
        self.answer = answer
        self.asked = 0

    async def __call__(self) -> bool:
        self.asked += 1
        return self.answer


async def member_of(_chat_id: int) -> bool:
    """Everyone arriving by a link in these tests is a member of the group."""
    return True


def names(game: Game) -> list[str]:
    return ["-" if s is None else s.name if isinstance(s, HumanSeat) else "bot" for s in game.seats]


async def opened(groups: GroupGames, variant: Variant = Variant.KOZEL, n_players: int = 4) -> Game:
    return await groups.open(GROUP_ID, "Room", ANN, variant, n_players)


async def press(
    groups: GroupGames,
    game: Game,
    who: Person,
    action: GroupAction,
    arg: int = 0,
    *,
    admin: Admin | None = None,
    member: Admin | None = None,
    chat_id: int | None = GROUP_ID,
) -> Game:
    """A press on a message in `chat_id` (by default the games' group), by a member."""
    return await groups.press(
        game.game_id,
        who,
        action,
        arg,
        chat_id,
        admin=admin or Admin(),
        member=member or Admin(answer=True),
    )


async def a_match(store: GameStore, seats: list[Seat], *, hand_over: bool = False) -> Game:
    """A group's Kozel match, its table's level hard (version 1; its first hand over if
    `hand_over`)."""
    match, _ = Match.new(Variant.KOZEL, 4, 100, seed=2)
    if hand_over:
        finish_hand(match)
    group = group_lobby().record.group
    game = record_for(
        match, seats, game_id="0000000b40", chat_id=GROUP_ID, group=group, level=Level.HARD
    )
    return await store.create(game)


def solo_seats() -> list[Seat]:
    return [human_seat(ANN), BotSeat(level=Level.EASY)]


def ann_and_ben() -> list[Seat]:
    return [human_seat(ANN), BotSeat(level=Level.EASY), human_seat(BEN), BotSeat(level=Level.EASY)]


# -- opening -------------------------------------------------------------------------------------


async def test_a_lobby_opens_with_its_opener_seated_once_written_to(
    groups: GroupGames, reach: RecordingReach, notifier: RecordingNotifier
) -> None:
    game = await groups.open(GROUP_ID, "Room", ANN, Variant.DRAW, 3)
    assert reach.reached == [(game.game_id, ANN.user_id)]
    assert notifier.told == [Told(game, PLAIN)]  # the lobby with Ann seated, not before
    assert isinstance(game.state, Lobby)
    assert names(game) == ["Ann", "-", "-"]
    assert not game.state.invite
    group = game.record.group
    assert group is not None
    assert (group.title, group.creator_id, group.language) == ("Room", ANN.user_id, "en")
    assert (game.settings.variant, game.settings.n_players) == (Variant.DRAW, 3)
    assert game.settings.target == DEFAULT_TARGET
    assert game.version == 2  # created, then joined


async def test_an_opener_the_bot_cannot_write_to_sits_down_in_the_group_only(
    groups: GroupGames, reach: RecordingReach
) -> None:
    reach.unreachable.add(ANN.user_id)
    game = await groups.open(GROUP_ID, "Room", ANN, Variant.KOZEL, 4)
    assert isinstance(game.state, Lobby)
    assert names(game) == ["Ann", "-", "-", "-"]
    assert game.human(0).in_group
    assert game.state.invite  # the lobby shows the link to the private chat


async def test_a_group_with_a_live_game_opens_no_other(
    groups: GroupGames, reach: RecordingReach
) -> None:
    first = await opened(groups)
    reach.reached.clear()
    await refused(RefusalCode.GAME_RUNNING, groups.open(GROUP_ID, "Room", BEN, Variant.DRAW, 2))
    assert reach.reached == []
    assert (await groups.live_game(GROUP_ID)).game_id == first.game_id
    await groups.stop(first, ANN.user_id, Admin())
    again = await groups.open(GROUP_ID, "Room", BEN, Variant.DRAW, 2)
    assert again.game_id != first.game_id


async def test_a_group_without_a_live_game_has_none_to_show(groups: GroupGames) -> None:
    await refused(RefusalCode.NO_GAME, groups.live_game(GROUP_ID))
    game = await opened(groups)
    await groups.abandon(game.game_id)
    await refused(RefusalCode.NO_GAME, groups.live_game(GROUP_ID))
    await refused(RefusalCode.NO_GAME, groups.leave_chat_game(GROUP_ID, ANN.user_id))


# -- joining ---------------------------------------------------------------------------------------


async def test_a_person_is_written_to_before_they_sit_down(
    groups: GroupGames, reach: RecordingReach
) -> None:
    game = await opened(groups)
    reach.reached.clear()
    after = await press(groups, game, BEN, GroupAction.JOIN)
    assert reach.reached == [(game.game_id, BEN.user_id)]
    assert names(after) == ["Ann", "Ben", "-", "-"]
    assert after.human(1).language == "ru"


async def test_a_person_the_bot_cannot_write_to_sits_down_in_the_group_only(
    groups: GroupGames, store: GameStore, reach: RecordingReach
) -> None:
    game = await opened(groups)
    reach.unreachable.add(BEN.user_id)
    await press(groups, game, BEN, GroupAction.JOIN)
    latest = await stored(store, game.game_id)
    assert names(latest) == ["Ann", "Ben", "-", "-"]
    assert (latest.human(0).in_group, latest.human(1).in_group) == (False, True)
    assert isinstance(latest.state, Lobby)
    assert latest.state.invite


async def test_following_the_link_later_reaches_someone_seated_in_the_group_only(
    groups: GroupGames, reach: RecordingReach
) -> None:
    game = await opened(groups)
    reach.unreachable.add(BEN.user_id)
    await press(groups, game, BEN, GroupAction.JOIN)
    reach.unreachable.clear()
    reach.reached.clear()

    async def member(_: int) -> bool:
        return True

    after = await groups.arrive(game.game_id, BEN, None, member=member)
    assert reach.reached == [(game.game_id, BEN.user_id)]
    assert names(after) == ["Ann", "Ben", "-", "-"]  # the same seat
    assert not after.human(1).in_group


@pytest.mark.parametrize(
    ("who", "action", "arg", "code"),
    [
        (ANN, GroupAction.JOIN, 0, RefusalCode.ALREADY_SEATED),
        (BEN, GroupAction.SEAT, 0, RefusalCode.SEAT_TAKEN),  # Ann's: not a sit-down
    ],
)
async def test_a_join_that_cannot_succeed_writes_to_nobody(
    groups: GroupGames,
    store: GameStore,
    reach: RecordingReach,
    who: Person,
    action: GroupAction,
    arg: int,
    code: RefusalCode,
) -> None:
    game = await opened(groups)
    reach.reached.clear()
    await refused(code, press(groups, game, who, action, arg))
    assert reach.reached == []
    assert (await stored(store, game.game_id)).version == game.version


async def test_a_join_after_the_start_writes_to_nobody(
    groups: GroupGames, reach: RecordingReach
) -> None:
    game = await press(groups, await opened(groups), ANN, GroupAction.START)
    reach.reached.clear()
    await refused(RefusalCode.LOBBY_CLOSED, groups.join(game, BEN, None))
    assert reach.reached == []


async def test_people_pressing_join_at_once_all_get_a_seat(
    groups: GroupGames, store: GameStore
) -> None:
    """Join carries no version: each press is applied to the latest lobby."""
    game = await opened(groups)
    results = await asyncio.gather(
        *(press(groups, game, who, GroupAction.JOIN) for who in (BEN, CAT, DAN, EVE)),
        return_exceptions=True,
    )
    refusals = [r for r in results if isinstance(r, BaseException)]
    assert len(refusals) == 1  # three free seats for four people
    assert isinstance(refusals[0], RefusalError)
    assert refusals[0].code in {RefusalCode.LOBBY_CLOSED, RefusalCode.GAME_FULL}
    latest = await stored(store, game.game_id)
    assert isinstance(latest.state, InMatch)
    seated = {h.user_id for _, h in latest.humans()}
    assert len(seated) == 4
    assert ANN.user_id in seated


async def test_each_change_of_a_lobby_is_told_once_in_order(
    groups: GroupGames, notifier: RecordingNotifier
) -> None:
    game = await opened(groups)  # stored, then Ann seated: one change told
    game = await press(groups, game, BEN, GroupAction.JOIN)
    game = await press(groups, game, BEN, GroupAction.BOT)
    started = await press(groups, game, ANN, GroupAction.START)
    assert notifier.versions() == [(game.game_id, v) for v in (2, 3, 4, 5)]
    assert notifier.told[-1] == Told(started, PLAIN)
    await refused(RefusalCode.NOT_ALLOWED, press(groups, started, EVE, GroupAction.CANCEL))
    assert len(notifier.told) == 4  # a refused press tells nothing


async def test_the_last_seat_taken_starts_the_match(groups: GroupGames) -> None:
    game = await opened(groups, Variant.BLOCK, 2)
    started = await press(groups, game, BEN, GroupAction.SEAT, 1)
    assert isinstance(started.state, Playing)
    assert names(started) == ["Ann", "Ben"]
    assert started.is_active


# -- the lobby's other buttons ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "first", "then"),
    [
        (GroupAction.VARIANT, 0, 0),
        (GroupAction.PLAYERS, 0, 0),
        (GroupAction.TARGET, 150, 50),
        (GroupAction.TIMER, 30, 0),
        (GroupAction.LEVEL, 0, 0),
    ],
)
async def test_only_the_opener_or_an_admin_changes_the_settings(
    groups: GroupGames, action: GroupAction, first: int, then: int
) -> None:
    game = await press(groups, await opened(groups, Variant.DRAW, 3), BEN, GroupAction.JOIN)
    admin = Admin(answer=False)
    await refused(RefusalCode.NOT_ALLOWED, press(groups, game, BEN, action, first, admin=admin))
    assert admin.asked == 1
    by_admin = await press(groups, game, BEN, action, first, admin=Admin(answer=True))
    assert by_admin.version == game.version + 1
    asked = Admin(answer=False)
    by_opener = await press(groups, by_admin, ANN, action, then, admin=asked)
    assert by_opener.version == by_admin.version + 1
    assert by_opener.settings != by_admin.settings
    assert asked.asked == 0  # the opener needs no admin check


async def test_seated_people_add_bots_and_start_strangers_do_not(groups: GroupGames) -> None:
    game = await press(groups, await opened(groups), BEN, GroupAction.JOIN)
    for action in (GroupAction.BOT, GroupAction.START):
        await refused(RefusalCode.NOT_ALLOWED, press(groups, game, EVE, action))
    game = await press(groups, game, BEN, GroupAction.BOT)
    assert names(game) == ["Ann", "Ben", "bot", "-"]
    game = await press(groups, game, EVE, GroupAction.BOT, admin=Admin(answer=True))
    assert isinstance(game.state, InMatch)  # the last seat taken starts the match
    assert names(game) == ["Ann", "Ben", "bot", "bot"]


async def test_start_fills_the_free_seats_with_bots_of_the_tables_level(
    groups: GroupGames,
) -> None:
    game = await opened(groups)
    game = await press(groups, game, ANN, GroupAction.LEVEL)  # medium -> hard
    started = await press(groups, game, ANN, GroupAction.START)
    assert isinstance(started.state, InMatch)
    assert names(started) == ["Ann", "bot", "bot", "bot"]
    assert all(s.level is Level.HARD for s in started.seats if isinstance(s, BotSeat))


async def test_a_seat_button_sits_down_leaves_or_removes_a_bot(
    groups: GroupGames, reach: RecordingReach
) -> None:
    game = await opened(groups)
    reach.reached.clear()
    game = await press(groups, game, BEN, GroupAction.SEAT, 2)
    assert reach.people() == [BEN.user_id]
    assert names(game) == ["Ann", "-", "Ben", "-"]
    game = await press(groups, game, BEN, GroupAction.SEAT, 3)  # moving
    assert names(game) == ["Ann", "-", "-", "Ben"]
    game = await press(groups, game, BEN, GroupAction.BOT)
    game = await press(groups, game, BEN, GroupAction.SEAT, 1)  # the bot goes
    assert names(game) == ["Ann", "-", "-", "Ben"]
    game = await press(groups, game, BEN, GroupAction.SEAT, 3)  # his own: he leaves
    assert names(game) == ["Ann", "-", "-", "-"]


async def test_leave_frees_a_lobby_seat(groups: GroupGames) -> None:
    game = await press(groups, await opened(groups), BEN, GroupAction.JOIN)
    game = await press(groups, game, BEN, GroupAction.LEAVE)
    assert names(game) == ["Ann", "-", "-", "-"]
    await refused(RefusalCode.NOT_SEATED, press(groups, game, BEN, GroupAction.LEAVE))


async def test_only_the_opener_or_an_admin_cancels(groups: GroupGames) -> None:
    game = await press(groups, await opened(groups), BEN, GroupAction.JOIN)
    await refused(RefusalCode.NOT_ALLOWED, press(groups, game, BEN, GroupAction.CANCEL))
    cancelled = await press(groups, game, EVE, GroupAction.CANCEL, admin=Admin(answer=True))
    assert isinstance(cancelled.state, Stopped)
    assert cancelled.match is None
    await refused(RefusalCode.GAME_OVER, press(groups, cancelled, ANN, GroupAction.CANCEL))


async def test_the_opener_stops_a_match(groups: GroupGames) -> None:
    game = await press(groups, await opened(groups), ANN, GroupAction.START)
    admin = Admin()
    ended = await press(groups, game, ANN, GroupAction.CANCEL, admin=admin)
    assert isinstance(ended.state, Stopped)
    assert ended.match is not None
    assert admin.asked == 0


async def test_a_button_for_no_group_game_is_refused(groups: GroupGames, store: GameStore) -> None:
    await refused(
        RefusalCode.NO_GAME,
        groups.press(
            "ffffffffff",
            ANN,
            GroupAction.JOIN,
            0,
            GROUP_ID,
            admin=Admin(),
            member=Admin(answer=True),
        ),
    )
    direct = await store.create(
        record_for(Match.new(Variant.BLOCK, 2, 50, seed=1)[0], solo_seats(), chat_id=ANN.chat_id)
    )
    await refused(RefusalCode.NO_GAME, press(groups, direct, ANN, GroupAction.JOIN))


async def test_keep_changes_nothing(
    groups: GroupGames, store: GameStore, notifier: RecordingNotifier
) -> None:
    game = await opened(groups)
    notifier.told.clear()
    kept = await press(groups, game, ANN, GroupAction.KEEP)
    assert kept.version == game.version
    assert (await stored(store, game.game_id)).version == game.version
    assert notifier.told == []


async def test_a_button_pressed_outside_its_group_is_refused_and_changes_nothing(
    groups: GroupGames, store: GameStore
) -> None:
    """A group's button works only on that group's messages: forged elsewhere (another
    group, a private chat, no message at all), it changes nothing."""
    game = await opened(groups)
    for elsewhere in (GROUP_ID - 1, ANN.chat_id, None):
        for action in (GroupAction.JOIN, GroupAction.START, GroupAction.CANCEL):
            await refused(
                RefusalCode.WRONG_CHAT, press(groups, game, BEN, action, chat_id=elsewhere)
            )
    assert (await stored(store, game.game_id)).version == game.version


async def test_only_members_of_the_group_sit_at_its_table(
    groups: GroupGames, store: GameStore
) -> None:
    """Joining, a seat's button and taking a bot's seat all ask whether the presser is
    in the group; someone who is not is refused and nobody sits down."""
    game = await opened(groups)
    outsider = Admin(answer=False)
    for action, arg in ((GroupAction.JOIN, -1), (GroupAction.SEAT, 2)):
        await refused(
            RefusalCode.NOT_A_MEMBER, press(groups, game, BEN, action, arg, member=outsider)
        )
    assert outsider.asked == 2
    assert names(await stored(store, game.game_id)) == ["Ann", "-", "-", "-"]


async def test_only_members_of_the_group_take_a_bots_seat(
    groups: GroupGames, store: GameStore
) -> None:
    game = await a_match(store, ann_and_ben(), hand_over=True)
    await refused(
        RefusalCode.NOT_A_MEMBER,
        press(groups, game, CAT, GroupAction.TAKE, 1, member=Admin(answer=False)),
    )
    assert (await stored(store, game.game_id)).version == game.version


async def test_arriving_by_the_link_needs_the_groups_membership(groups: GroupGames) -> None:
    game = await opened(groups)
    asked: list[int] = []

    async def not_in(chat_id: int) -> bool:
        asked.append(chat_id)
        return False

    await refused(
        RefusalCode.NOT_A_MEMBER,
        groups.arrive(game.game_id, BEN, None, member=not_in),
    )
    assert asked == [GROUP_ID]


# -- leaving a match -----------------------------------------------------------------------------


async def test_a_person_leaving_a_match_is_replaced_by_a_bot_and_the_group_told(
    groups: GroupGames, store: GameStore
) -> None:
    game = await a_match(store, ann_and_ben(), hand_over=True)
    after = await groups.leave(game.game_id, BEN.user_id)
    assert after.seats[2] == BotSeat(level=Level.HARD)  # the table's level
    assert after.is_active
    group = after.record.group
    assert group is not None
    assert group.notices == (SeatNotice(kind=NoticeKind.LEFT, seat=2, name="Ben", after_results=1),)
    await refused(RefusalCode.NOT_SEATED, groups.leave(game.game_id, BEN.user_id))


async def test_the_last_person_leaving_abandons_the_match(
    groups: GroupGames, store: GameStore
) -> None:
    game = await a_match(store, ann_and_ben())
    await groups.leave_chat_game(GROUP_ID, BEN.user_id)
    after = await groups.leave_chat_game(GROUP_ID, ANN.user_id)
    assert isinstance(after.state, Stopped)
    group = after.record.group
    assert group is not None
    assert [(n.kind, n.seat) for n in group.notices] == [
        (NoticeKind.LEFT, 2),
        (NoticeKind.LEFT, 0),
        (NoticeKind.ALL_LEFT, 0),
    ]
    assert all(n.after_results == 0 for n in group.notices)
    await refused(RefusalCode.NO_GAME, groups.live_game(GROUP_ID))
    assert (await stored(store, game.game_id)).version == 3


async def test_leaving_a_stopped_match_is_refused(groups: GroupGames, store: GameStore) -> None:
    game = await a_match(store, ann_and_ben())
    await groups.abandon(game.game_id)
    await refused(RefusalCode.GAME_OVER, groups.leave(game.game_id, ANN.user_id))
    assert (await stored(store, game.game_id)).version == 2


# -- taking a bot's seat ---------------------------------------------------------------------------


async def test_a_bots_seat_is_taken_between_hands_once_written_to(
    groups: GroupGames, store: GameStore, reach: RecordingReach, notifier: RecordingNotifier
) -> None:
    game = await a_match(store, ann_and_ben(), hand_over=True)
    after = await press(groups, game, CAT, GroupAction.TAKE, 3)
    assert reach.reached == [(game.game_id, CAT.user_id)]
    assert notifier.told == [Told(after, PLAIN)]
    assert after.seats[3] == human_seat(CAT)
    assert isinstance(after.state, HandOver)
    group = after.record.group
    assert group is not None
    assert group.notices[-1] == SeatNotice(
        kind=NoticeKind.TOOK, seat=3, name="Cat", after_results=1
    )


@pytest.mark.parametrize(
    ("who", "seat", "hand_over", "code"),
    [
        (CAT, 1, False, RefusalCode.NOT_BETWEEN_HANDS),
        (BEN, 1, True, RefusalCode.ALREADY_SEATED),
        (CAT, 0, True, RefusalCode.SEAT_TAKEN),  # Ann's
        (CAT, 4, True, RefusalCode.SEAT_TAKEN),
        (CAT, -1, True, RefusalCode.SEAT_TAKEN),
    ],
)
async def test_a_seat_that_cannot_be_taken_writes_to_nobody(
    groups: GroupGames,
    store: GameStore,
    reach: RecordingReach,
    who: Person,
    seat: int,
    hand_over: bool,
    code: RefusalCode,
) -> None:
    game = await a_match(store, ann_and_ben(), hand_over=hand_over)
    await refused(code, groups.take_seat(game, who, seat))
    assert reach.reached == []
    assert (await stored(store, game.game_id)).version == 1


async def test_a_seat_is_taken_in_the_group_only_by_someone_the_bot_cannot_write_to(
    groups: GroupGames, store: GameStore, reach: RecordingReach
) -> None:
    game = await a_match(store, ann_and_ben(), hand_over=True)
    reach.unreachable.add(CAT.user_id)
    await groups.take_seat(game, CAT, 3)
    latest = await stored(store, game.game_id)
    assert latest.seat_of(CAT.user_id) == 3
    assert latest.human(3).in_group


async def test_a_person_arriving_by_the_link_joins_the_lobby_wherever_it_said(
    groups: GroupGames,
) -> None:
    game = await opened(groups)
    after = await groups.arrive(game.game_id, BEN, 0, member=member_of)  # seat 0: Ann's by now
    assert names(after) == ["Ann", "Ben", "-", "-"]


async def test_a_person_arriving_by_the_link_takes_the_bots_seat_between_hands(
    groups: GroupGames, store: GameStore
) -> None:
    game = await a_match(store, ann_and_ben(), hand_over=True)
    after = await groups.arrive(game.game_id, CAT, 1, member=member_of)
    assert after.seats[1] == human_seat(CAT)
    await refused(
        RefusalCode.LOBBY_CLOSED,
        groups.arrive(game.game_id, DAN, None, member=member_of),
    )


# -- stopping ---------------------------------------------------------------------------


async def test_a_game_the_bot_cannot_reach_its_group_for_is_abandoned(
    groups: GroupGames, store: GameStore
) -> None:
    game = await a_match(store, ann_and_ben())
    after = await groups.abandon(game.game_id)
    assert isinstance(after.state, Stopped)
    await refused(RefusalCode.GAME_OVER, groups.abandon(game.game_id))
    await refused(RefusalCode.NO_GAME, groups.abandon("ffffffffff"))
