"""The fault suite: the real `python -m bot` against a fake Telegram over HTTP and a
real redis-server, played by simulated people while processes are killed and
restarted and Redis fails. Run with `-m faults`; the scenarios run side by side
(`tests.e2e.suite`), each seeded."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest

from bot.game.record import GameRecord, StoppedStage
from bot.game.seats import HumanSeat
from bot.store import keys
from tests.e2e.checks import (
    announcements,
    check_announcements,
    check_answers,
    check_moves,
    check_no_flood,
    check_replays,
    edits_saying,
    engine_of,
)
from tests.e2e.fake_bot_api import Call, Someone, StoredMessage
from tests.e2e.people import DirectGame, GroupGame, Players, answer_of, refusal_of
from tests.e2e.suite import SCENARIO_TIMEOUT, scenario
from tests.e2e.world import World

ALICE = Someone(1001, "Alice")
FOUR = (
    Someone(2001, "Ann"),
    Someone(2002, "Boris"),
    Someone(2003, "Chloe"),
    Someone(2004, "Dmitri"),
)
GROUP = -4001
LATER = 1_000  # a hand no match reaches: play on until the moment is known


async def when(world: World, ready: Callable[[], bool]) -> None:
    """Wait until `ready()` (checked on every change the fake Telegram sees; the
    scenario's own timeout bounds the wait)."""
    await world.api.wait_until(ready, SCENARIO_TIMEOUT, "the scenario's moment")


async def handed_a_press(world: World, playing: asyncio.Future[Any], *games: Players) -> None:
    """Wait for the next press of one of `games` to be handed to the bot, then a
    seeded few milliseconds: the moment a stop hurts most (the update is being
    handled, the move maybe saved and not yet shown or answered). `playing`: the
    games' task (its end or failure ends the wait)."""
    seen = [len(g.presses) for g in games]

    def pressed() -> bool:
        return any(len(g.presses) > n for g, n in zip(games, seen, strict=True))

    await when(world, lambda: pressed() or playing.done())
    if not pressed():
        await playing
        raise AssertionError("the games ended before the moment chosen to stop the bot")
    press = next(g.presses[n] for g, n in zip(games, seen, strict=True) if len(g.presses) > n)
    await when(world, lambda: world.api.delivered(press.query_id))
    await asyncio.sleep(world.rng.uniform(0.0, 0.03))


def seated_people(record: GameRecord) -> list[HumanSeat]:
    """The people seated at a lobby or a match."""
    stage = record.stage
    if isinstance(stage, StoppedStage):
        stage = stage.was
    return [s for s in stage.seats if isinstance(s, HumanSeat)]


async def direct_records(world: World, who: Someone) -> list[GameRecord]:
    """Every game stored in `who`'s private chat."""
    return [r for r in (await world.records()).values() if r.chat_id == who.id]


def check_over(record: GameRecord, shown: StoredMessage | None) -> None:
    """The chat's latest stored game is a match that is over."""
    text = shown.text if shown is not None else "(nothing)"
    assert engine_of(record).match_over, (
        f"the chat's latest game {record.game_id} is not over; its message shows:\n{text}"
    )


async def check_all_stored(world: World) -> None:
    check_replays((await world.records()).values())


async def check_both_played(world: World, direct: DirectGame, group: GroupGame) -> None:
    """At the end of a scenario with a direct game and a group game, nobody killed: every
    press answered once, the direct chat's last match over, every move of both (and of
    the direct chat's earlier matches) stored once, the group's announcements once, no
    429, every record replaying, nothing wrong logged."""
    api = world.api
    await check_answers(world, [*direct.presses, *group.presses])
    check_over(await world.record_in(direct.who.id), direct.game_message())
    for record in await direct_records(world, direct.who):
        check_moves(api, record, direct.presses, figures=world.figures)
    record = await world.record_in(group.chat_id)
    check_moves(api, record, group.presses, figures=world.figures)
    check_announcements(api, group.chat_id, record, figures=world.figures)
    check_no_flood(api)
    await check_all_stored(world)
    assert not world.log_problems()


# -- baseline: what the bot does today -----------------------------------------------------------


@pytest.mark.faults
@scenario()
async def test_a_direct_game_is_played_to_its_end_through_the_real_process(world: World) -> None:
    """/play, the menu, every move and Next hand until Rematch: each press answered
    once, no 429, no error logged, and the stored match replays exactly."""
    await world.start_bot()
    game = DirectGame(world.api, world.service, ALICE)
    await game.open()
    await game.play()

    record = await world.record_in(ALICE.id)
    check_over(record, game.game_message())
    await check_answers(world, game.presses)
    check_moves(world.api, record, game.presses, figures=world.figures)
    check_no_flood(world.api)
    assert not world.api.unknown, f"methods the fake does not know: {world.api.unknown}"
    await check_all_stored(world)
    assert not world.log_problems()


@pytest.mark.faults
@scenario()
async def test_a_group_kozel_game_of_four_people_is_played_to_its_end(world: World) -> None:
    """/kozel, three Joins, every move from each person's private chat, Next hand from
    the table: every hand's result and the match's posted once and in order, no 429,
    each press answered once, the stored match replays exactly."""
    await world.start_bot()
    game = GroupGame(world.api, world.service, GROUP, FOUR)
    await game.open()
    await game.play()

    record = await world.record_in(GROUP)
    check_over(record, game.table())
    check_announcements(world.api, GROUP, record, figures=world.figures)
    await check_answers(world, game.presses)
    check_moves(world.api, record, game.presses, figures=world.figures)
    check_no_flood(world.api)
    await check_all_stored(world)
    assert not world.log_problems()


@pytest.mark.faults
@scenario()
async def test_after_a_kill_9_mid_direct_game_the_game_goes_on_with_no_move_doubled(
    world: World,
) -> None:
    """kill -9 a few presses into a direct game, just as the bot is handed a press (a
    seeded moment), start the bot again: the person's presses work again (rematches
    until one is accepted) and the game reaches its end; the stored moves are exactly
    the accepted presses (the one in flight may or may not count)."""
    bot = await world.start_bot()
    game = DirectGame(world.api, world.service, ALICE)
    await game.open()
    restarted = [float("inf")]

    def accepted_since_restart() -> bool:
        return any(
            p.at > restarted[0] and (a := answer_of(world.api, p)) is not None and not refusal_of(a)
            for p in game.presses
        )

    play = asyncio.create_task(game.play(again=lambda: not accepted_since_restart()))
    presses = world.rng.randint(3, 8)
    await when(world, lambda: len(game.presses) >= presses or play.done())
    await handed_a_press(world, play, game)
    await world.kill(bot)
    await asyncio.sleep(world.rng.uniform(0.2, 1.0))
    await world.start_bot()
    restarted[0] = world.api.clock()
    await play

    check_over(await world.record_in(ALICE.id), game.game_message())
    await check_answers(world, game.presses)
    for record in await direct_records(world, ALICE):
        check_moves(world.api, record, game.presses, figures=world.figures)
    await check_all_stored(world)


@pytest.mark.faults
@scenario()
async def test_after_a_sigterm_mid_group_game_the_game_goes_on_and_nothing_is_told_twice(
    world: World,
) -> None:
    """SIGTERM in the middle of a group Kozel game, just as the bot is handed a press
    (a seeded moment), then start again: the bot stops cleanly (exit status 0), the
    game goes on past the hand it stopped in, every announcement is posted once,
    every press is answered (those in flight at the SIGTERM too), the stored moves
    are exactly the accepted presses."""
    bot = await world.start_bot()
    game = GroupGame(world.api, world.service, GROUP, FOUR)
    await game.open()
    stopped_in = [LATER]
    play = asyncio.create_task(game.play_past(lambda: stopped_in[0]))
    presses = world.rng.randint(4, 12)  # in the first hand, which may end the match
    await when(world, lambda: len(game.presses) >= presses or play.done())
    await handed_a_press(world, play, game)
    stopped_in[0] = game.hand_shown()
    status = await world.sigterm(bot)
    assert status == 0, f"the bot exited with {status} on SIGTERM"
    await asyncio.sleep(world.rng.uniform(0.2, 1.0))
    await world.start_bot()
    await play

    record = await world.record_in(GROUP)
    check_announcements(world.api, GROUP, record, figures=world.figures)
    await check_answers(world, game.presses)
    check_moves(world.api, record, game.presses, figures=world.figures)
    await check_all_stored(world)


# -- faults the bot must survive, and its pace under play ----------------------------------------


@pytest.mark.faults
@scenario(expected=110)
async def test_ten_kill_9_at_seeded_moments_lose_and_double_nothing(world: World) -> None:
    """A direct game (then rematches) and a group Kozel game played at once while the
    bot is killed -9 ten times at seeded moments (about half of them just as it is
    handed a press) and started again: both go on (never frozen 10 s while the bot
    can serve; the group's past the hand of the last kill), no accepted move lost or
    doubled, no announcement repeated but the one in flight at a kill, every press
    answered but those in flight, every stored record replays."""
    bot = await world.start_bot()
    direct = DirectGame(world.api, world.service, ALICE)
    group = GroupGame(world.api, world.service, GROUP, FOUR)
    # No turn timer: a press lost at a kill waits out the person's patience, and a few
    # such kills in one turn add up to the 60 s after which a bot moves in their name:
    # a move no press made, which this scenario would count as invented.
    await asyncio.gather(direct.open(), group.open(timer="⏱ off"))
    kills_left = [10]
    last_kill_in = [LATER]
    playing = asyncio.gather(
        direct.play(again=lambda: kills_left[0] > 0),
        group.play_past(lambda: last_kill_in[0]),
    )
    for _ in range(10):
        await asyncio.sleep(world.rng.uniform(0.5, 3.0))
        assert not playing.done() or playing.exception() is None, playing.exception()
        if world.rng.random() < 0.5:
            await handed_a_press(world, playing, direct, group)
        await world.kill(bot)
        await asyncio.sleep(world.rng.uniform(0.0, 0.8))
        bot = await world.start_bot()
        kills_left[0] -= 1
    last_kill_in[0] = group.hand_shown()
    await playing

    await check_answers(world, [*direct.presses, *group.presses])
    for record in await direct_records(world, ALICE):
        check_moves(world.api, record, direct.presses, figures=world.figures)
    record = await world.record_in(GROUP)
    check_moves(world.api, record, group.presses, figures=world.figures)
    check_announcements(world.api, GROUP, record, world.kills, figures=world.figures)
    await check_all_stored(world)


@pytest.mark.faults
@scenario(expected=60)
async def test_redis_stopped_and_started_mid_game_changes_nothing_and_the_games_go_on(
    world: World,
) -> None:
    """Redis stops cleanly for a few seconds in the middle of a direct and a group game,
    then starts again with its data: a press made and answered during the outage is
    refused (nothing changed), and both games go on (the direct one to its end, the
    group's past the hand Redis came back in) with nothing lost, doubled or told twice."""
    await world.start_bot()
    direct = DirectGame(world.api, world.service, ALICE)
    group = GroupGame(world.api, world.service, GROUP, FOUR)
    await asyncio.gather(direct.open(), group.open())
    back_in = [LATER]
    playing = asyncio.gather(direct.play(), group.play_past(lambda: back_in[0]))
    await asyncio.sleep(world.rng.uniform(2.0, 5.0))
    await world.stop_redis()
    stopped_at = world.api.clock()
    await asyncio.sleep(world.rng.uniform(3.0, 6.0))
    restarting_at = world.api.clock()
    await world.start_redis()
    back_in[0] = group.hand_shown()
    await playing

    presses = [*direct.presses, *group.presses]
    # Only a press made once Redis had exited, and answered before it was started again,
    # was handled wholly in the outage: a press handled just before the stop is saved
    # and may be answered after Redis exited, and the server started again takes saves
    # before the test's probe of it returns.
    during = [
        (p, a)
        for p in presses
        if (a := answer_of(world.api, p)) is not None and stopped_at < p.at and a.at < restarting_at
    ]
    accepted = [p.data for p, a in during if refusal_of(a) is None]
    assert not accepted, f"presses accepted while Redis was down: {accepted}"
    await check_answers(world, presses)
    for record in await direct_records(world, ALICE):
        check_moves(world.api, record, direct.presses, figures=world.figures)
    record = await world.record_in(GROUP)
    check_moves(world.api, record, group.presses, figures=world.figures)
    check_announcements(world.api, GROUP, record, figures=world.figures)
    await check_all_stored(world)


FROZEN_REDIS = 12.0


@pytest.mark.faults
@scenario(expected=70)
async def test_redis_frozen_12_s_under_load_loses_nothing_and_every_press_is_answered(
    world: World,
) -> None:
    """Eight direct games (rematches until the thaw) and a group game going on when
    Redis is frozen (SIGSTOP) for 12 s: every press is answered once and in time,
    nothing is lost or doubled, and every game moves on within 10 s of the thaw (the
    group's past the hand of the thaw)."""
    await world.start_bot()
    people = [Someone(3000 + i, f"P{i}") for i in range(8)]
    directs = [DirectGame(world.api, world.service, p) for p in people]
    group = GroupGame(world.api, world.service, GROUP, FOUR)
    await asyncio.gather(*(d.open() for d in directs), group.open())
    thawed_in = [LATER]
    playing = asyncio.gather(
        *(d.play(again=lambda: thawed_in[0] == LATER) for d in directs),
        group.play_past(lambda: thawed_in[0]),
    )
    await asyncio.sleep(world.rng.uniform(1.0, 3.0))
    world.freeze_redis()
    await asyncio.sleep(FROZEN_REDIS)
    world.thaw_redis()
    thawed_in[0] = group.hand_shown()
    await playing

    presses = [p for d in directs for p in d.presses] + group.presses
    await check_answers(world, presses)
    records = await world.records()
    for direct in directs:
        for record in records.values():
            if record.chat_id == direct.who.id:
                check_moves(world.api, record, direct.presses, figures=world.figures)
    record = await world.record_in(GROUP)
    check_moves(world.api, record, group.presses, figures=world.figures)
    check_announcements(world.api, GROUP, record, figures=world.figures)
    check_replays(records.values())


@pytest.mark.faults
@scenario(expected=70)
async def test_two_processes_on_one_redis_serve_each_press_once(world: World) -> None:
    """Two bot processes poll at once (Telegram ends one poll with 409 when the other
    polls, so each gets some of the updates): a direct game is played to its end and
    a group game past its second hand, every press answered exactly once, nothing
    lost, doubled or told twice."""
    await world.start_bot()
    await world.start_bot()
    direct = DirectGame(world.api, world.service, ALICE)
    group = GroupGame(world.api, world.service, GROUP, FOUR)
    await asyncio.gather(direct.open(), group.open())
    await asyncio.gather(direct.play(), group.play_past(lambda: 1))

    tokens = {c.token for c in world.api.calls("answerCallbackQuery")}
    assert len(tokens) == 2, "one process answered every press: the other got no update"
    twice = [u for u, got in world.api.deliveries.items() if len(set(got)) > 1]
    try:
        await check_answers(world, [*direct.presses, *group.presses])
    except AssertionError as error:
        error.add_note(f"updates Telegram gave to both processes: {twice}")
        raise
    check_moves(world.api, await world.record_in(ALICE.id), direct.presses, figures=world.figures)
    record = await world.record_in(GROUP)
    check_moves(world.api, record, group.presses, figures=world.figures)
    check_announcements(world.api, GROUP, record, figures=world.figures)
    await check_all_stored(world)


@pytest.mark.faults
@scenario(expected=60)
async def test_a_hand_result_is_posted_within_10_s_while_people_play_on(world: World) -> None:
    """Two people playing the draw game in a group, a second over each move: the group
    is told the first hand's result (a message of its own) within 10 s of the hand's
    end as the players saw it in their private chats, though the next hand goes on
    meanwhile and the table changes with every move."""
    await world.start_bot()
    group = GroupGame(world.api, world.service, GROUP, FOUR[:2])
    await group.open("/new draw 2", target="To 150")  # a match of several hands
    group.think = 1.0
    await group.play_past(lambda: 1)

    told = {n: at for kind, n, at in announcements(world.api, GROUP) if kind == "hand"}
    if engine_of(await world.record_in(GROUP)).state.hand_no < 2:
        pytest.skip("the match ended with its first hand: no hand was played after one")
    marker = "<b>Hand 1 is over:</b>"
    ended = min(c.at for c in edits_saying(world.api, marker))
    assert told[1] - ended <= 10.0, f"hand 1's result told {told[1] - ended:.1f} s after its end"


@pytest.mark.faults
@scenario()
async def test_a_crowd_opening_play_at_once_breaks_no_telegram_limit(world: World) -> None:
    """Twelve people send /play and go through the menu at the same moment: every
    menu turns into a game, and no chat, nor the bot as a whole, is written to faster
    than Telegram allows (no 429)."""
    await world.start_bot()
    people = [Someone(6000 + i, f"C{i}") for i in range(12)]
    games = [DirectGame(world.api, world.service, p) for p in people]
    await asyncio.gather(*(g.open() for g in games))

    await asyncio.gather(*(check_answers(world, g.presses) for g in games))
    check_no_flood(world.api)
    await check_all_stored(world)


# -- hostile input ---------------------------------------------------------------------------------

EVE = Someone(5005, "Eve")
SETTLE = 3.0  # seconds for the bot to do whatever a press leads to


async def settle() -> None:
    """Let the bot do whatever the last update leads to."""
    await asyncio.sleep(SETTLE)


def calls_about(world: World, chat_id: int) -> list[Call]:
    return [c for c in world.api.calls() if c.params.get("chat_id") == chat_id]


async def quiet(world: World, chat_id: int, timeout: float = 30.0) -> None:
    """Wait until the bot has made no call about the chat for SETTLE seconds and has
    nothing planned for it soon. Silence alone is not enough: a write held back by the
    group's pace (one per GROUP_EDIT_INTERVAL) comes after SETTLE seconds of it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    soon = world.settings.group_edit_interval + SETTLE
    while loop.time() < deadline:
        since = min((world.api.clock() - c.at for c in calls_about(world, chat_id)), default=SETTLE)
        if since >= SETTLE and world.api.pending_updates() == 0:
            due = await world.due_at(chat_id)
            if due is None or due > time.time() + soon:
                return
        await asyncio.sleep(0.2)
    raise AssertionError(f"the bot kept calling about chat {chat_id} for {timeout:.0f} s")


async def forged(world: World, who: Someone, message: StoredMessage, data: str) -> str | None:
    """`who` sends callback `data` from `message`; returns the answer's text (None: the
    press was accepted silently)."""
    players = Players(world.api, world.service)
    answer = await players.answered(players.press(who, message, data))
    text = refusal_of(answer)
    world.hostile(refused=text is not None)
    return text


@pytest.mark.faults
@scenario()
async def test_a_forged_menu_button_on_a_group_message_is_refused_and_opens_no_game(
    world: World,
) -> None:
    """`pl:draw:1:easy:50` (the /play menu's last step) pressed on a message in a group:
    refused with an alert; no game is stored for the group, its message is unchanged."""
    await world.start_bot()
    ann = FOUR[0]
    world.api.write(ann, "/help", GROUP)
    await world.api.wait_until(lambda: bool(world.api.messages_in(GROUP)), 10, "/help's reply")
    reply = world.api.last_in(GROUP)
    text = await forged(world, ann, reply, "pl:draw:1:easy:50")
    await settle()

    assert text is not None, "the forged menu press was accepted"
    assert [r.game_id for r in (await world.records()).values() if r.chat_id == GROUP] == []
    assert reply.revision == 0, f"the group's message became:\n{reply.text}"
    assert len(world.api.messages_in(GROUP)) == 1, "the bot wrote more to the group"


@pytest.mark.faults
@scenario()
async def test_a_forged_language_button_on_the_lobby_is_refused_and_changes_nothing(
    world: World,
) -> None:
    """`lg:ru` pressed on the group's lobby: refused with an alert; the lobby is not
    replaced, the presser's language is not changed."""
    await world.start_bot()
    group = GroupGame(world.api, world.service, GROUP, FOUR)
    lobby = await group.open_lobby()
    await quiet(world, GROUP)
    before = lobby.revision
    text = await forged(world, FOUR[1], lobby, "lg:ru")
    await quiet(world, GROUP)

    assert text is not None, "the forged language press was accepted"
    assert lobby.revision == before, f"the lobby became:\n{lobby.text}"
    async with world.redis.client() as redis:
        assert await redis.get(keys.language(FOUR[1].id)) is None


async def check_one_calm_reply(world: World, who: Someone, text: str) -> None:
    """`who` sends `text` in the group: one reply comes (a lobby, or the command's
    usage), not the apology for an error, and no error is logged."""
    await world.start_bot()
    world.api.write(who, "/start")
    world.api.write(who, text, GROUP)
    await world.api.wait_until(lambda: bool(world.api.messages_in(GROUP)), 10, "a reply")
    await settle()
    replies = [m.text for m in world.api.messages_in(GROUP)]
    world.hostile(refused=len(replies) == 1 and "Something went wrong" not in replies[0])
    assert len(replies) == 1, replies
    assert "Something went wrong" not in replies[0], replies[0]
    assert not world.log_problems()


@pytest.mark.faults
@scenario()
async def test_new_with_a_superscript_digit_gets_one_calm_reply(world: World) -> None:
    """`/new ²` ("²" is a digit to str.isdigit, not to int) in a group."""
    await check_one_calm_reply(world, FOUR[0], "/new ²")


@pytest.mark.faults
@scenario()
async def test_new_with_a_10000_digit_argument_gets_one_calm_reply(world: World) -> None:
    """`/new 999…` (10,000 digits, past Python's limit for int()) in a group."""
    await check_one_calm_reply(world, FOUR[0], "/new " + "9" * 10_000)


@pytest.mark.faults
@scenario()
async def test_start_with_a_10000_character_argument_is_greeted(world: World) -> None:
    """`/start xxx…` (10,000 characters) in a private chat: the greeting, once;
    nothing logged as an error."""
    await world.start_bot()
    world.api.write(EVE, "/start " + "x" * 10_000)
    await world.api.wait_until(lambda: bool(world.api.messages_in(EVE.id)), 10, "a greeting")
    await settle()

    greeted = [m.text.split("!")[0] for m in world.api.messages_in(EVE.id)]
    world.hostile(refused=greeted == ["Hello, Eve"])
    assert greeted == ["Hello, Eve"]
    assert not world.log_problems()


@pytest.mark.faults
@scenario()
async def test_someone_outside_the_group_gets_no_seat_by_link_or_button(world: World) -> None:
    """Someone who is not a member of the game's group (getChatMember says "left")
    sends `/start join-<game>` and `/start seat-<game>-1`, and presses a forged Join on
    the lobby: each time they are told, and not seated; the lobby is unchanged."""
    await world.start_bot()
    world.api.statuses[(GROUP, EVE.id)] = "left"
    group = GroupGame(world.api, world.service, GROUP, FOUR)
    lobby = await group.open_lobby()
    await quiet(world, GROUP)
    before = lobby.revision
    game_id = (await world.record_in(GROUP)).game_id
    for link in (f"join-{game_id}", f"seat-{game_id}-1"):
        replies = len(world.api.sent_texts(EVE.id))

        def replied(before: int = replies) -> bool:
            return len(world.api.sent_texts(EVE.id)) > before

        world.api.write(EVE, f"/start {link}")
        await world.api.wait_until(replied, 10, "a reply to Eve")
        await settle()
        told = world.api.sent_texts(EVE.id)[-1]
        seated = [s.user_id for s in seated_people(await world.record_in(GROUP))]
        world.hostile(refused=EVE.id not in seated and "You have a seat" not in told)
        assert EVE.id not in seated, f"/start {link} seated someone outside the group"
    text = await forged(world, EVE, lobby, f"gp:{game_id}:join:-1")
    await quiet(world, GROUP)

    assert text is not None, "a Join from outside the group was accepted"
    assert EVE.id not in [s.user_id for s in seated_people(await world.record_in(GROUP))]
    assert lobby.revision == before, f"the lobby became:\n{lobby.text}"
    assert not world.log_problems()


@pytest.mark.faults
@scenario(expected=40)
async def test_forged_buttons_on_a_live_table_are_refused_and_change_nothing(
    world: World,
) -> None:
    """Mid-game, buttons the table never offered are pressed on it: the rules' menu
    (`ru:`), the stop confirmation's Keep (`gp:<id>:keep`), the /play menu's last step,
    a move in the table's name by someone outside the game, and callback data with a
    lone surrogate. Each gets an alert; the table, the stored game and every hand stay
    as they were; no error is logged; then the game goes on."""
    await world.start_bot()
    group = GroupGame(world.api, world.service, GROUP, FOUR)
    await group.open()
    presses = world.rng.randint(2, 6)
    await group.play(until=lambda: len(group.presses) >= presses)
    await quiet(world, GROUP)
    table = group.table()
    assert table is not None
    record = await world.record_in(GROUP)
    before, shown = (table.revision, record.version), table.text
    moves = [m for p in FOUR if (m := group.hand(p)) is not None and m.data_starting("mv:")]
    move = moves[0].data_starting("mv:")[0] if moves else f"mv:{record.game_id}:1:0-0:n"
    forgeries = [
        (FOUR[1], "ru:kozel"),
        (FOUR[2], f"gp:{record.game_id}:keep:-1"),
        (EVE, f"gp:{record.game_id}:keep:-1"),
        (FOUR[3], "pl:kozel:3:easy:50"),
        (EVE, move),
        (FOUR[1], "gp:\ud800:join:-1"),
    ]
    for who, data in forgeries:
        text = await forged(world, who, table, data)
        assert text is not None, f"{who.first_name}'s forged {data!r} on the table was accepted"
    await quiet(world, GROUP)

    after = await world.record_in(GROUP)
    assert (table.revision, after.version) == before, (
        f"the table was:\n{shown}\nand became:\n{table.text}"
    )
    assert not world.log_problems()
    hand_now = group.hand_shown()
    await group.play_past(lambda: hand_now)
    check_moves(world.api, await world.record_in(GROUP), group.presses, figures=world.figures)
    await check_all_stored(world)


@pytest.mark.faults
@scenario(expected=40)
async def test_a_group_that_removes_the_bot_mid_game_stops_it_and_is_left_alone(
    world: World,
) -> None:
    """A group removes the bot in the middle of a Kozel game (Telegram says so, and
    answers 403 for it from then on); updates from it still come: /score, and Join
    pressed on the old table. The game stops, every press is answered, the bot tries
    the group at most once per update from it and then leaves it alone, and logs no
    error."""
    await world.start_bot()
    group = GroupGame(world.api, world.service, GROUP, FOUR)
    await group.open()
    presses = world.rng.randint(3, 10)
    await group.play(until=lambda: len(group.presses) >= presses)
    world.api.remove_from(GROUP, by=FOUR[0])
    await quiet(world, GROUP)
    written = len(calls_about(world, GROUP))
    table = group.table()
    assert table is not None
    game_id = (await world.record_in(GROUP)).game_id
    world.api.write(FOUR[1], "/score", GROUP)
    text = await forged(world, FOUR[2], table, f"gp:{game_id}:join:-1")
    await quiet(world, GROUP)

    stored = await world.record_in(GROUP)
    assert stored.stage.stage == "stopped", f"the game there is {stored.stage.stage}"
    assert text is not None, "a Join on the table of a group the bot left was accepted"
    tried = calls_about(world, GROUP)[written:]
    assert len(tried) <= 2, f"more than a try per update: {[c.method for c in tried]}"
    assert all(c.status == 403 for c in tried), [(c.method, c.status) for c in tried]
    await check_answers(world, group.presses)
    await check_all_stored(world)
    assert not world.log_problems()


@pytest.mark.faults
@scenario(expected=60)
async def test_a_player_who_blocks_the_bot_mid_game_is_replaced_and_the_game_goes_on(
    world: World,
) -> None:
    """A player blocks the bot in the middle of a Kozel game (Telegram says so, and
    answers 403 in their chat from then on): a bot plays their seat, the group is told
    once, and the game goes on past that hand with nothing lost or doubled."""
    await world.start_bot()
    group = GroupGame(world.api, world.service, GROUP, FOUR)
    await group.open()
    presses = world.rng.randint(3, 10)
    await group.play(until=lambda: len(group.presses) >= presses)
    leaver = FOUR[world.rng.randrange(1, 4)]
    group.people.remove(leaver)
    world.api.block(leaver)
    blocked_in = group.hand_shown()
    await group.play_past(lambda: blocked_in)

    record = await world.record_in(GROUP)
    assert leaver.id not in [s.user_id for s in seated_people(record)]
    told = [t for t in world.api.sent_texts(GROUP) if "left the game" in t]
    assert len(told) == 1, f"the group was told {len(told)} times: {told}"
    check_announcements(world.api, GROUP, record, figures=world.figures)
    await check_answers(world, group.presses)
    check_moves(world.api, record, group.presses, figures=world.figures)
    await check_all_stored(world)


MOVES_AFTER = 8  # accepted moves after the last fault: the game went on


@pytest.mark.faults
@scenario(expected=60, timeout=150.0, weight=2)
async def test_a_group_game_played_from_hands_in_the_group_survives_kill_9_and_redis(
    world: World,
) -> None:
    """Four people play Kozel from their hands shown to them alone in the group (🂠,
    ephemeral messages; the bot no administrator; Dmitri never started the bot and plays
    from the group alone, at the calls of his turn): the bot is killed -9 twice (once as
    it is handed a press) and Redis stopped and started again, and the game goes on
    (eight moves after the last fault) with no move lost or doubled, no announcement repeated
    but one in flight at a kill, every press answered but those in flight, most moves
    made from the group, and the stored match replaying exactly."""
    bot = await world.start_bot()
    group = GroupGame(world.api, world.service, GROUP, FOUR, in_group=True, never_started=FOUR[3:])
    group.think = 1.0  # a quick person's pace: at a press every instant, the group's 20
    # writes a minute go to the table, and hands in the group come after their patience
    await group.open(timer="⏱ off")
    stop = [False]
    playing = asyncio.ensure_future(group.play(until=lambda: stop[0]))
    for handed in (True, False):
        await asyncio.sleep(world.rng.uniform(1.0, 4.0))
        assert not playing.done() or playing.exception() is None, playing.exception()
        if handed:
            await handed_a_press(world, playing, group)
        await world.kill(bot)
        await asyncio.sleep(world.rng.uniform(0.0, 0.8))
        bot = await world.start_bot()
    await asyncio.sleep(world.rng.uniform(1.0, 3.0))
    await world.stop_redis()
    await asyncio.sleep(world.rng.uniform(2.0, 4.0))
    await world.start_redis()
    faults_over = len(group.presses)

    def moved_on() -> bool:
        made = group.presses[faults_over:]
        accepted = [
            p
            for p in made
            if p.data.startswith("mv:")
            and (a := answer_of(world.api, p)) is not None
            and refusal_of(a) is None
        ]
        return len(accepted) >= MOVES_AFTER or playing.done()

    await world.api.wait_until(moved_on, 60.0, f"{MOVES_AFTER} moves after the faults")
    stop[0] = True
    await playing
    await quiet(world, GROUP)  # the last move may end the match: its results are on their way

    record = await world.record_in(GROUP)
    await check_answers(world, group.presses)
    check_moves(world.api, record, group.presses, figures=world.figures)
    check_announcements(world.api, GROUP, record, world.kills, figures=world.figures)
    check_no_flood(world.api)
    await check_all_stored(world)
    moves = [p for p in group.presses if p.data.startswith("mv:")]
    from_group = [p for p in moves if p.message.message_id == 0]
    assert len(from_group) * 3 >= len(moves), f"{len(from_group)} of {len(moves)} moves"
