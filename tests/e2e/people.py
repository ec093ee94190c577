"""People playing through the fake Telegram as a person would: they write commands,
press the buttons they see, and wait for what a person waits for (the answer, the
message changing). A press that gets no answer is tried again once the bot has been
able to serve for a while; an alert, after a short pause. Every press is recorded.

A game that the bot could serve and did not move on for `frozen` seconds fails the
scenario: the time the bot cannot serve (no process polling, Redis down or frozen)
does not count."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tests.bot.fake_ephemeral import Ephemeral
from tests.e2e.fake_bot_api import Call, FakeBotApi, Someone, StoredMessage
from tests.e2e.world import Service


async def stopped(*tasks: asyncio.Future[Any]) -> None:
    """Cancel the people's tasks (or a watch's) and wait until they end, looking at
    what they ended with: a failure left unlooked at would be logged by the garbage
    collector in some later test (and, in the middle of `ast.parse`, CPython 3.11
    then fails that parse). One still running `STOPPING` seconds later lost its
    cancellation (as Python 3.11's own `asyncio.wait_for` can: `bot.wait_for`): the
    scenario fails, naming it."""
    for task in tasks:
        task.cancel()
    if not tasks:
        return
    done, running = await asyncio.wait(tasks, timeout=STOPPING)
    for task in done:
        if not task.cancelled():
            task.exception()
    assert not running, f"cancelled, and still running after {STOPPING:.0f} s: {running}"


FROZEN = 10.0  # seconds a game may wait for the bot while it can serve
STOPPING = 10.0  # seconds a cancelled task may take to end
PATIENCE = 4.0  # seconds without an answer before a person presses again
AFTER_ALERT = 1.5  # seconds before pressing again after an alert
ALERTS = 3  # alerts on one look of a message before a person presses it less often
SETTINGS = "⚙ Settings"  # the lobby's button that shows its settings
SETTINGS_BACK = "← Back"  # ... and the settings' button that shows its seats again
_HAND = re.compile(r"· hand (\d+) ·")
_HAND_OVER = re.compile(r"<b>Hand (\d+) is over:</b>")  # the table's news line, then
MATCH_OVER = "The match's result is below."  # the table's line once the match is over

Action = tuple[Someone, StoredMessage, str]


@dataclass
class Press:
    """One press: who, on which message as it looked (its revision), what it carried."""

    who: Someone
    message: StoredMessage
    revision: int
    data: str
    at: float
    query_id: str
    hand: int | None  # the hand the message showed, if it showed one


def answer_of(api: FakeBotApi, press: Press) -> Call | None:
    """The answer Telegram accepted for the press, if any."""
    return next((c for c in api.answers_to(press.query_id) if c.ok), None)


def refusal_of(answer: Call) -> str | None:
    """The text of an answer (an alert, a refusal that opens a link, or a toast such as
    the busy bot's), or None: the press was accepted silently."""
    text = answer.params.get("text")
    return str(text) if text else None


SEATED_IN_GROUP = "You are seated."  # the toast of a seat taken in the group only


def hand_shown(message: StoredMessage) -> int | None:
    found = _HAND.search(message.text)
    return int(found.group(1)) if found else None


class Players:
    """The presses of a few people at one game, and the watch for a frozen game."""

    def __init__(
        self,
        api: FakeBotApi,
        service: Service,
        *,
        frozen: float = FROZEN,
        patience: float = PATIENCE,
    ) -> None:
        self.api = api
        self.service = service
        self.frozen = frozen
        self.patience = patience
        self.presses: list[Press] = []
        self.think = 0.0  # seconds a person takes before each press
        self._started = api.clock()

    def press(self, who: Someone, message: StoredMessage, data: str) -> Press:
        """`who` presses the button carrying `data` (or forges it) on `message`."""
        query_id = self.api.press(who, message, data=data)
        press = Press(
            who,
            message,
            message.revision,
            data,
            self.api.clock(),
            query_id,
            hand_shown(message),
        )
        self.presses.append(press)
        return press

    async def answered(self, press: Press, timeout: float = FROZEN) -> Call:
        """Wait for the press's answer."""
        await self.api.wait_until(
            lambda: answer_of(self.api, press) is not None,
            timeout,
            f"an answer to {press.who.first_name}'s press {press.data!r}",
        )
        answer = answer_of(self.api, press)
        assert answer is not None
        return answer

    def may_press(self, who: Someone, message: StoredMessage) -> bool:
        """Whether a person would press this message now: they have not pressed it as it
        looks now, or their press got no answer while the bot could serve, or an alert
        (a few times, after a pause)."""
        mine = [
            p
            for p in self.presses
            if p.who == who and p.message is message and p.revision == message.revision
        ]
        if not mine:
            return True
        now = self.api.clock()
        last = mine[-1]
        answer = answer_of(self.api, last)
        if answer is None:
            return self.service.serving_for(last.at, now) >= self.patience
        if refusal_of(answer) is None:
            return False  # accepted: wait for the message to change
        alerts = sum(1 for p in mine if (a := answer_of(self.api, p)) is not None and refusal_of(a))
        return now - answer.at >= (AFTER_ALERT if alerts < ALERTS else self.patience)

    async def drive(
        self,
        choose: Callable[[], Action | None],
        done: Callable[[], bool],
        watched: Callable[[], Sequence[StoredMessage]],
        what: str,
    ) -> None:
        """Press what `choose` offers until `done()`; fail when the game stays frozen
        (nothing in `watched` changes, no press is accepted: alerts do not count) while
        the bot can serve."""
        while not done():
            action = choose()
            last = self.presses[-1].at if self.presses else self._started
            if action is not None and self.api.clock() - last >= self.think:
                who, message, data = action
                if self.may_press(who, message):
                    self.press(who, message, data)
                    continue
            await self.api.changes(0.25)
            self._check_frozen(watched(), what)

    def _check_frozen(self, watched: Sequence[StoredMessage], what: str) -> None:
        marks = [self._started, *(m.changed_at for m in watched)]
        marks += [
            a.at
            for p in self.presses[-8:]
            if (a := answer_of(self.api, p)) is not None and refusal_of(a) is None
        ]
        last = max(marks)
        now = self.api.clock()
        waited = self.service.serving_for(last, now)
        if waited > self.service.longest_wait:
            self.service.longest_wait, self.service.longest_for = waited, what
        if waited > self.frozen:
            # Each press as made, and how far it got: handed to the bot or not, answered.
            recent = [
                (
                    p.who.first_name,
                    p.data,
                    p.revision,
                    f"query {p.query_id} at {p.at:.2f}",
                    "handed" if self.api.delivered(p.query_id) else "not handed",
                    [(round(a.at, 2), a.status) for a in self.api.answers_to(p.query_id)],
                )
                for p in self.presses[-4:]
            ]
            shown = "\n---\n".join(f"{m.text}\n{m.labels()}" for m in watched)
            raise AssertionError(
                f"{what}: frozen for {self.frozen:.0f} s while the bot could serve; "
                f"last presses {recent}; the messages:\n{shown}"
            )


class DirectGame(Players):
    """One person against bots in their private chat."""

    def __init__(self, api: FakeBotApi, service: Service, who: Someone) -> None:
        super().__init__(api, service)
        self.who = who

    def game_message(self) -> StoredMessage | None:
        """The game message: the latest one of the chat that shows a hand."""
        shown = [m for m in self.api.messages_in(self.who.id) if hand_shown(m) is not None]
        return shown[-1] if shown else None

    @property
    def finished(self) -> bool:
        message = self.game_message()
        return message is not None and "Rematch" in message.labels()

    async def open(
        self,
        variant: str = "Draw game",
        opponents: str = "3 bots",
        level: str = "Easy",
        target: str = "50",
    ) -> None:
        """/play, then the menu's choices; returns once the game message shows a hand."""
        self.api.write(self.who, "/play")
        wanted = (variant, opponents, level, target)

        def menu() -> list[StoredMessage]:
            return [m for m in self.api.messages_in(self.who.id) if "New game" in m.text]

        def choose() -> Action | None:
            menus = menu()
            if not menus:
                return None
            # A level's button carries its rating ("Easy ≈ 871"): read as its name.
            labels = {label.split(" ≈ ")[0]: label for label in menus[-1].labels()}
            step = next((labels[label] for label in wanted if label in labels), None)
            if step is None:
                return None
            return self.who, menus[-1], str(menus[-1].button(step)["callback_data"])

        await self.drive(choose, lambda: self.game_message() is not None, menu, "the /play menu")

    async def play(
        self,
        until: Callable[[], bool] | None = None,
        again: Callable[[], bool] = lambda: False,
    ) -> None:
        """Press the first move (or Next hand) until Rematch shows, or `until()`; press
        Rematch and go on while `again()`. A Rematch pressed is seen through (its match
        played) even when `again()` turns false meanwhile."""
        rematched: set[tuple[int, int]] = set()  # (message id, revision) Rematch was pressed on

        def looked_at(message: StoredMessage) -> tuple[int, int]:
            return message.message_id, message.revision

        def choose() -> Action | None:
            message = self.game_message()
            if message is None:
                return None
            moves = message.data_starting("mv:")
            if moves:
                return self.who, message, moves[0]
            if "Next hand" in message.labels():
                return self.who, message, str(message.button("Next hand")["callback_data"])
            if "Rematch" in message.labels() and (again() or looked_at(message) in rematched):
                rematched.add(looked_at(message))
                return self.who, message, str(message.button("Rematch")["callback_data"])
            return None

        def over() -> bool:
            message = self.game_message()
            pending = message is not None and looked_at(message) in rematched
            return self.finished and not again() and not pending

        await self.drive(
            choose,
            lambda: over() or (until is not None and until()),
            lambda: [m] if (m := self.game_message()) is not None else [],
            f"{self.who.first_name}'s direct game",
        )


class GroupGame(Players):
    """A group game (Kozel unless said): people each playing from their private chat, or
    (`in_group`) from their hand shown to them alone in the group: at their turn each
    presses 🂠 on the table when their hand there is not up to date, then plays from it
    (from their private chat only when it does not come)."""

    def __init__(
        self,
        api: FakeBotApi,
        service: Service,
        chat_id: int,
        people: Sequence[Someone],
        title: str = "Friday <dominoes> & co",
        *,
        in_group: bool = False,
        never_started: Sequence[Someone] = (),
    ) -> None:
        super().__init__(api, service)
        self.chat_id = chat_id
        self.people = list(people)
        self.in_group = in_group
        # People who never start the bot: they play from the group alone, at the call of
        # their turn (a mention with 🂠) or from their hand shown to them there.
        self.never_started = {w.id for w in never_started}
        for who in never_started:
            api.unreachable.add(who.id)
        api.titles[chat_id] = title
        # Each ephemeral hand as pressed: a stand-in message (its id 0) per look of it.
        self._looks: dict[tuple[int, int, str, str], StoredMessage] = {}
        self._ephemerals: dict[int, Ephemeral] = {}  # by the stand-in's id()

    def press(self, who: Someone, message: StoredMessage, data: str) -> Press:
        """As `Players.press`; on a hand in the group (a stand-in), an ephemeral press."""
        ephemeral = self._ephemerals.get(id(message))
        if ephemeral is None:
            return super().press(who, message, data)
        query_id = self.api.press_ephemeral(who, ephemeral, data)
        press = Press(who, message, 0, data, self.api.clock(), query_id, hand_shown(message))
        self.presses.append(press)
        return press

    def hand_in_group(self, who: Someone) -> StoredMessage | None:
        """`who`'s latest hand shown to them in the group, as a stand-in message."""
        seen = self.api.ephemerals.seen_by(who.id, self.chat_id)
        if not seen:
            return None
        last = seen[-1]
        key = (last.ephemeral_id, who.id, last.text, repr(last.markup))
        look = self._looks.get(key)
        if look is None:
            look = StoredMessage(self.chat_id, 0, last.text, last.markup, self.api.clock())
            self._looks[key] = look
            self._ephemerals[id(look)] = last
        return look

    # -- what the group and each person see ------------------------------------------------------

    def table(self) -> StoredMessage | None:
        """The group's one message: the lobby (its seats or its settings), then the table."""
        tables = [
            m
            for m in self.api.messages_in(self.chat_id)
            if {"Join", SETTINGS_BACK, "🂠 My hand", "Next hand"} & set(m.labels())
            or MATCH_OVER in m.text
            or "The game was cancelled" in m.text
        ]
        return tables[-1] if tables else None

    def hand(self, who: Someone) -> StoredMessage | None:
        """`who`'s private message for the game (it names the group)."""
        mine = [m for m in self.api.messages_in(who.id) if "«" in m.text]
        return mine[-1] if mine else None

    def posts(self) -> list[str]:
        """The texts of the group's messages but the table, in order."""
        table = self.table()
        return [
            m.text
            for m in self.api.messages_in(self.chat_id)
            if table is None or m.message_id != table.message_id
        ]

    def hand_shown(self) -> int:
        """The hand the table shows (0 before the match)."""
        table = self.table()
        return (hand_shown(table) or 0) if table is not None else 0

    def hand_over(self) -> int | None:
        """The hand the table shows over, waiting for Next hand; None otherwise."""
        table = self.table()
        if table is None or "Next hand" not in table.labels():
            return None
        found = _HAND_OVER.search(table.text)
        return int(found.group(1)) if found else None

    async def play_past(self, hand: Callable[[], int]) -> None:
        """Play until a hand after `hand()` is over (or the match), and its result is
        told (the first hand's when `hand()` is 0; a hand as high as the match never
        reaches plays the match to its end)."""
        await self.play(until=lambda: (self.hand_over() or 0) > hand())
        last = self.hand_over()

        def told() -> bool:
            if last is None:
                return self.result_posted
            return any(f"<b>Hand {last} is over:</b>" in t for t in self.posts())

        await self.api.wait_until(told, 3 * FROZEN, f"the result of hand {last} posted")

    @property
    def result_posted(self) -> bool:
        return any("Rematch" in m.labels() for m in self.api.messages_in(self.chat_id))

    @property
    def finished(self) -> bool:
        table = self.table()
        return self.result_posted and table is not None and MATCH_OVER in table.text

    def _watched(self) -> list[StoredMessage]:
        """Everything the group and the players see of the game."""
        hands = [self.hand(p) for p in self.people]
        return [*self.api.messages_in(self.chat_id), *(m for m in hands if m is not None)]

    # -- the game --------------------------------------------------------------------------------

    def lobby(self) -> StoredMessage | None:
        """The lobby, showing its seats or its settings."""
        table = self.table()
        shows = ("Join", SETTINGS_BACK)
        return table if table is not None and any(s in table.labels() for s in shows) else None

    async def open_lobby(self, command: str = "/kozel") -> StoredMessage:
        """Everyone (but who never starts it) starts the bot; the first opens a lobby
        with `command`; returns it."""
        starting = [w for w in self.people if w.id not in self.never_started]
        for who in starting:
            self.api.write(who, "/start")
        await self.api.wait_until(
            lambda: all(self.api.messages_in(w.id) for w in starting),
            self.frozen,
            "the greetings",
        )
        self.api.write(self.people[0], command, self.chat_id)
        await self.api.wait_until(lambda: self.lobby() is not None, self.frozen, "the lobby")
        lobby = self.lobby()
        assert lobby is not None
        return lobby

    async def open(
        self, command: str = "/kozel", target: str = "To 50", timer: str | None = None
    ) -> None:
        """The lobby (`command`, for as many players as there are people); its opener
        sets the target (and the turn timer: a button's label, such as "⏱ off"); the
        others join; returns once the match is dealt."""
        await self.open_lobby(command)
        lobby = self.lobby
        for label in (target, timer):
            if label is not None:
                await self._choose_in_lobby(label)
        await self._lobby_view(SETTINGS_BACK, "Join")  # back to the seats
        for who in self.people[1:]:

            def join(w: Someone = who) -> Action | None:
                shown = lobby()
                if shown is None or "Join" not in shown.labels():
                    return None
                return w, shown, str(shown.button("Join")["callback_data"])

            def joined(w: Someone = who) -> bool:
                return any(
                    p.who == w
                    and "join" in p.data
                    and (a := answer_of(self.api, p)) is not None
                    and (refusal_of(a) or SEATED_IN_GROUP).startswith(SEATED_IN_GROUP)
                    for p in self.presses
                )

            await self.drive(join, joined, self._watched, f"{who.first_name} joining")
        await self.api.wait_until(
            lambda: any(
                (m := self.hand(p)) is not None and "Your hand" in m.text for p in self.people
            ),
            self.frozen,
            "the first hand dealt",
        )

    async def _lobby_view(self, button: str, shown_by: str) -> None:
        """The opener presses the lobby's `button` until the label `shown_by` shows: ⚙
        Settings until a setting shows, ← Back until Join does."""
        opener, lobby = self.people[0], self.lobby

        def press() -> Action | None:
            shown = lobby()
            if shown is None or button not in shown.labels():
                return None
            return opener, shown, str(shown.button(button)["callback_data"])

        def showing() -> bool:
            shown = lobby()
            return shown is not None and shown_by in shown.labels()

        await self.drive(press, showing, self._watched, f"the lobby's {button!r}")

    async def _choose_in_lobby(self, label: str) -> None:
        """The opener presses the lobby's button `label` until it shows as chosen,
        opening the lobby's settings first."""
        await self._lobby_view(SETTINGS, SETTINGS_BACK)
        opener, lobby = self.people[0], self.lobby

        def choose() -> Action | None:
            shown = lobby()
            if shown is None or label not in shown.labels():
                return None
            return opener, shown, str(shown.button(label)["callback_data"])

        def chosen() -> bool:
            shown = lobby()
            return shown is not None and f"● {label}" in shown.labels()

        await self.drive(choose, chosen, self._watched, f"the lobby's {label!r}")

    def _choose(self) -> Action | None:
        for who in self.people:
            if who.id in self.never_started:
                chosen = self._from_the_group(who)
                if chosen is not None and self.may_press(chosen[0], chosen[1]):
                    return chosen
                continue
            message = self.hand(who)
            if message is None:
                continue
            moves = message.data_starting("mv:")
            if moves and self.in_group:
                chosen = self._in_group(who, message, moves[0])
                if chosen is not None and self.may_press(chosen[0], chosen[1]):
                    return chosen
                continue  # waiting for their hand in the group
            if moves and self.may_press(who, message):
                return who, message, moves[0]
        table = self.table()
        dealer = self.people[0]
        if table is not None and "Next hand" in table.labels() and self.may_press(dealer, table):
            return dealer, table, str(table.button("Next hand")["callback_data"])
        return None

    def _in_group(self, who: Someone, private: StoredMessage, move: str) -> Action | None:
        """At `who`'s turn: their move from their hand in the group when it shows this
        turn's moves; else 🂠 on the table; their move from their private chat after all
        when, 🂠 pressed, their hand in the group did not come within their patience;
        None while they wait for it (or for the hand they have there to be brought up to
        date)."""
        mine = self.hand_in_group(who)
        version = move.split(":")[2]
        if mine is not None:
            there = [d for d in mine.data_starting("mv:") if d.split(":")[2] == version]
            if there:
                return who, mine, there[0]
        table = self.table()
        if table is None or "🂠 My hand" not in table.labels():
            return who, private, move
        asked = [p for p in self.presses if p.who == who and p.data.startswith("hd:")]
        if asked and asked[-1].at >= private.changed_at:
            waited = self.service.serving_for(asked[-1].at, self.api.clock())
            return (who, private, move) if waited >= self.patience else None
        # A hand in the group is brought up to date at the turn: it is given a moment
        # (the group's pace) before 🂠 asks for it.
        since = self.service.serving_for(private.changed_at, self.api.clock())
        if mine is not None and since < self.patience / 2:
            return None
        return who, table, str(table.button("🂠 My hand")["callback_data"])

    def _from_the_group(self, who: Someone) -> Action | None:
        """`who`, who never started the bot: their move from their hand shown to them in
        the group when it has moves they have not pressed; else 🂠 on the latest call of
        their turn."""
        mine = self.hand_in_group(who)
        if mine is not None and mine.data_starting("mv:") and self.may_press(who, mine):
            return who, mine, mine.data_starting("mv:")[0]
        call = self.call_of(who)
        if call is None:
            return None
        mine_data = str(call.button("🂠 My hand")["callback_data"])
        if self.may_press(who, call):
            return who, call, mine_data
        # Pressed, and their hand did not come within their patience: 🂠 on the table.
        asked = [p for p in self.presses if p.who == who and p.data.startswith("hd:")]
        waited = self.service.serving_for(asked[-1].at, self.api.clock()) if asked else 0.0
        table = self.table()
        if waited < self.patience or table is None or "🂠 My hand" not in table.labels():
            return None
        return who, table, mine_data

    def call_of(self, who: Someone) -> StoredMessage | None:
        """The group's message calling out `who`'s turn, while it is there."""
        mention = f"tg://user?id={who.id}"
        calls = [
            m
            for m in self.api.messages_in(self.chat_id)
            if mention in m.text and "your move: 🂠" in m.text
        ]
        return calls[-1] if calls else None

    def rematch(self) -> StoredMessage | None:
        """The latest match result offering Rematch (older ones are stale)."""
        offers = [m for m in self.api.messages_in(self.chat_id) if "Rematch" in m.labels()]
        return offers[-1] if offers else None

    async def play(
        self,
        until: Callable[[], bool] | None = None,
        again: Callable[[], bool] = lambda: False,
    ) -> None:
        """Each person moves when their message has move buttons; the first deals the
        next hand from the table; until the match's result is shown, or `until()`; the
        first presses Rematch on the result and the game goes on while `again()`."""

        def choose() -> Action | None:
            action = self._choose()
            if action is not None or not self.finished or not again():
                return action
            offer = self.rematch()
            opener = self.people[0]
            if offer is None or not self.may_press(opener, offer):
                return None
            return opener, offer, str(offer.button("Rematch")["callback_data"])

        await self.drive(
            choose,
            lambda: (self.finished and not again()) or (until is not None and until()),
            self._watched,
            f"the group game in {self.chat_id}",
        )
