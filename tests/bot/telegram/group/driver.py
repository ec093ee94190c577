"""Driving group games as four people would: commands in the group, buttons on the
lobby and the table, moves from each person's private message."""

from __future__ import annotations

from bot.game.state import Game, HandOver, Playing
from bot.telegram.show.placement import GroupShows
from core.engine import Match
from core.state import Phase
from tests.bot.conftest import FakeClock
from tests.bot.fake_telegram import Call, StoredMessage, TelegramHarness, alert_of, user

GROUP = -4001  # a basic group
SUPERGROUP = -1_001_234_567_890
OTHER_GROUP = -4002
ALICE = user(1001, "Alice")
BOB = user(2002, "Bob", language_code="ru")
CAROL = user(3003, "Carol", language_code="fr")
DAVE = user(4004, "Dave", language_code="it")
EVE = user(5005, "Eve")  # in the group, never at the table
PEOPLE = {u.id: u for u in (ALICE, BOB, CAROL, DAVE, EVE)}


async def game_in(harness: TelegramHarness, chat_id: int = GROUP) -> Game:
    record = await harness.storage.load_for_chat(chat_id)
    assert record is not None, f"no game in {chat_id}"
    return record


async def table(harness: TelegramHarness, chat_id: int = GROUP) -> StoredMessage:
    """The group's one message: the lobby, then the table."""
    record = await game_in(harness, chat_id)
    shown = GroupShows.of(await harness.messages.load(record.game_id))
    assert shown.table is not None
    assert shown.table.message_id is not None
    return harness.fake.message(record.chat_id, shown.table.message_id)


async def hand(harness: TelegramHarness, user_id: int, chat_id: int = GROUP) -> StoredMessage:
    """A person's private message for the group's game."""
    record = await game_in(harness, chat_id)
    message_id = await harness.private_message_id(record.game_id, user_id)
    assert message_id is not None, f"no private message for {user_id}"
    return harness.fake.message(user_id, message_id)


async def tap(harness: TelegramHarness, who_id: int, message: StoredMessage, label: str) -> Call:
    """Press the button labelled `label`."""
    return await harness.press(PEOPLE[who_id], message, message.button(label).callback_data or "")


SETTINGS = "⚙ Settings"  # the lobby's button that shows its settings
BACK = "← Back"  # ... and the settings' button that shows the seats again


def labels(message: StoredMessage) -> list[str]:
    return [b.text for b in message.buttons()]


async def _view(harness: TelegramHarness, button: str, who_id: int, chat_id: int) -> StoredMessage:
    """The lobby after `who_id` presses `button` on it (if it shows)."""
    lobby = await table(harness, chat_id)
    if button in labels(lobby):
        answer = await tap(harness, who_id, lobby, button)
        assert alert_of(answer) is None, alert_of(answer)
    return await table(harness, chat_id)


async def settings(
    harness: TelegramHarness, who_id: int = ALICE.id, chat_id: int = GROUP
) -> StoredMessage:
    """The lobby shows its settings: `who_id` presses ⚙ Settings (if it shows)."""
    return await _view(harness, SETTINGS, who_id, chat_id)


async def seats(
    harness: TelegramHarness, who_id: int = ALICE.id, chat_id: int = GROUP
) -> StoredMessage:
    """The lobby shows its seats: `who_id` presses ← Back (if it shows)."""
    return await _view(harness, BACK, who_id, chat_id)


async def choose(harness: TelegramHarness, label: str, who_id: int = ALICE.id) -> Call:
    """`who_id` presses the lobby's setting `label`, the opener (Alice) opening the
    settings first if they do not show."""
    return await tap(harness, who_id, await settings(harness), label)


async def open_lobby(
    harness: TelegramHarness, command: str = "/kozel", chat_id: int = GROUP
) -> Game:
    await harness.send(ALICE, command, chat_id=chat_id)
    return await game_in(harness, chat_id)


async def seat_everyone(harness: TelegramHarness, *joiners: int, chat_id: int = GROUP) -> None:
    """Each of `joiners` presses Join on the lobby (← Back first, if the lobby shows
    its settings)."""
    for who in joiners:
        await seats(harness, who, chat_id)
        answer = await tap(harness, who, await table(harness, chat_id), "Join")
        assert alert_of(answer) is None, alert_of(answer)


async def kozel_of_four(
    harness: TelegramHarness, clock: FakeClock | None = None, wait: float = 0
) -> Game:
    """Alice opens Kozel and Bob, Carol and Dave join: the match is dealt. Then `wait`
    seconds pass (the group's pace waited out) and the worker catches up."""
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    if clock is not None and wait:
        await harness.elapse(wait)
    return await game_in(harness)


def match_of(game: Game) -> Match:
    """The game's engine (the game has a match)."""
    assert game.match is not None
    return game.match


def phase_of(game: Game) -> Phase:
    return game.public_view().phase


async def play_one_move(harness: TelegramHarness, chat_id: int = GROUP) -> Game:
    """The person to move presses their first move; between hands, someone deals."""
    record = await game_in(harness, chat_id)
    if isinstance(record.state, HandOver):
        dealer = record.humans()[0][1].user_id
        answer = await tap(harness, dealer, await table(harness, chat_id), "Next hand")
    else:
        assert isinstance(record.state, Playing)
        mover = record.human(record.state.turn)
        message = await hand(harness, mover.user_id, chat_id)
        buttons = message.buttons()
        assert buttons, f"the mover has no buttons:\n{message.text}"
        answer = await harness.press(PEOPLE[mover.user_id], message, buttons[0].callback_data or "")
    assert alert_of(answer) is None, alert_of(answer)
    return await game_in(harness, chat_id)


async def play_to_the_end(
    harness: TelegramHarness, chat_id: int = GROUP, limit: int = 3000
) -> Game:
    """Moves and deals until the match has a result."""
    for _ in range(limit):
        record = await game_in(harness, chat_id)
        if not record.is_active:
            return record
        await play_one_move(harness, chat_id)
    raise AssertionError("the match did not end")


async def play_to_hand_over(
    harness: TelegramHarness, chat_id: int = GROUP, limit: int = 200
) -> Game:
    """Moves until the hand being played is over."""
    for _ in range(limit):
        record = await game_in(harness, chat_id)
        if isinstance(record.state, HandOver):
            return record
        await play_one_move(harness, chat_id)
    raise AssertionError("the hand did not end")


def group_texts(harness: TelegramHarness, chat_id: int = GROUP) -> list[str]:
    """Every message sent to the group (not the edits), in order."""
    return [
        c.params["text"]
        for c in harness.fake.named("sendMessage")
        if c.params["chat_id"] == chat_id
    ]


def group_edits(harness: TelegramHarness, chat_id: int = GROUP) -> list[Call]:
    return [c for c in harness.fake.named("editMessageText") if c.params["chat_id"] == chat_id]


def match_summary(harness: TelegramHarness, chat_id: int = GROUP) -> StoredMessage:
    """The latest message of the group but the records' line after a match's result
    (its ratings, and the counts worth telling): the match's result, once it has one."""
    shown = [m for (c, _), m in harness.fake.messages.items() if c == chat_id]
    told = [m for m in shown if not m.text.startswith("📈")]
    assert told, f"no message in chat {chat_id}"
    return max(told, key=lambda m: m.message_id)
