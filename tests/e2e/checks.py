"""What a scenario asserts at its end, each check naming what went wrong: every press
answered once and truly, every accepted move in the stored game once, no move
nobody made, each announcement once and in order, every stored record replaying
exactly."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from bot.game.record import GameRecord, MatchStage, StoppedStage
from bot.game.seats import HumanSeat
from core.engine import Match
from core.replay import replay_of
from tests.e2e.fake_bot_api import ANSWER_WINDOW, Call, FakeBotApi, StoredMessage
from tests.e2e.people import Press, answer_of, refusal_of
from tests.e2e.world import Figures, Service, World

_HAND_OVER = re.compile(r"<b>Hand (\d+) is over:</b>")
UNCERTAIN = "may or may not have been recorded"  # the answer when Redis cannot tell


def check_no_flood(api: FakeBotApi) -> None:
    """No call broke Telegram's limits (the fake answered no 429)."""
    floods = [
        f"a write to {f.chat_id} at {f.at:.2f} past {f.rule}, "
        f"{[round(b, 3) for b in f.before]} s after those (the fake's loop up to "
        f"{f.late:.3f} s late)"
        for f in api.floods
    ]
    assert not floods, "Telegram answered 429:\n" + "\n".join(floods)


def match_stage(record: GameRecord) -> MatchStage | None:
    stage = record.stage
    if isinstance(stage, StoppedStage):
        stage = stage.was
    return stage if isinstance(stage, MatchStage) else None


def engine_of(record: GameRecord) -> Match:
    stage = match_stage(record)
    assert stage is not None, f"game {record.game_id} has no match: {record.stage.stage}"
    return Match.from_dict(stage.engine)


def check_replays(records: Iterable[GameRecord]) -> None:
    """Every stored match replays, from its dealer and decision log, to itself."""
    for record in records:
        if match_stage(record) is None:
            continue
        match = engine_of(record)
        assert replay_of(match).to_dict() == match.to_dict(), (
            f"game {record.game_id} does not replay to what is stored"
        )


# Seconds a process just started may take to answer the presses that waited for it.
ANSWERING = 2.0


def in_flight(press: Press, answer: Call | None, kills: Sequence[float]) -> bool:
    """Pressed before a kill -9 and not answered before it."""
    return any(press.at < k and (answer is None or answer.at > k) for k in kills)


def unanswerable(press: Press, service: Service) -> bool:
    """Made while no bot process was ready (after a stop, before the next process polled),
    and its answer window closed before one had been ready for `ANSWERING` s: nothing
    could answer it in time (a slow restart). A press made before a stop is not one."""
    if service.up_at(press.at):
        return False
    return service.up_for(press.at, press.at + ANSWER_WINDOW) < ANSWERING


async def check_answers(world: World, presses: Sequence[Press]) -> None:
    """Every press answered exactly once, in time (Telegram accepted one answer); only a
    press in flight at one of the world's kill -9 may go without, and one that no
    process was up to answer in its window (see `unanswerable`). A press still within
    Telegram's window for its answer is waited for."""
    api, kills = world.api, world.kills

    def waiting() -> bool:
        return any(
            answer_of(api, p) is None
            and not in_flight(p, None, kills)
            and api.clock() - p.at <= ANSWER_WINDOW
            for p in presses
        )

    await api.wait_until(lambda: not waiting(), ANSWER_WINDOW, "the last answers")
    problems = []
    for press in presses:
        calls = api.answers_to(press.query_id)
        answer = answer_of(api, press)
        refused = [c.description for c in calls if not c.ok]
        if in_flight(press, answer, kills) or unanswerable(press, world.service):
            continue
        if answer is not None and len(set(api.handed_to(press.query_id))) > 1:
            # Handed to two processes (a poll cut short by the other's): a move or Next
            # hand is applied once without a claim (its save guards it), and each
            # handling answers, since neither can know the other will; Telegram keeps
            # the first answer and refuses the second, and the person sees one.
            refused = []
        who = f"{press.who.first_name} {press.data!r} (query {press.query_id}"
        who += f", handed to processes {[t[-4:] for t in api.handed_to(press.query_id)]})"
        if answer is None:
            problems.append(f"{who}: no answer")
        if refused:
            problems.append(f"{who}: answers refused {refused}")
    assert not problems, "presses not answered exactly once:\n" + "\n".join(problems)


def _tile(data: str) -> str:
    return data.split(":")[3]


def check_moves(
    api: FakeBotApi, record: GameRecord, presses: Sequence[Press], *, figures: Figures
) -> None:
    """The moves of the people seated at the end are exactly those they made: each move
    press answered without an alert is in the game, once; every move of a person in
    the game comes from one of their presses that was accepted or got no answer (an
    alert means nothing changed, but for the one that says it cannot tell)."""
    stage = match_stage(record)
    assert stage is not None
    seats = {s.user_id: i for i, s in enumerate(stage.seats) if isinstance(s, HumanSeat)}
    decisions = {
        (d.hand_no, d.seat, str(d.tile))
        for d in engine_of(record).state.decisions
        if d.seat in seats.values()
    }
    accepted: list[tuple[int | None, int, str]] = []
    possible: set[tuple[int | None, int, str]] = set()
    for press in presses:
        if not press.data.startswith(f"mv:{record.game_id}:") or press.who.id not in seats:
            continue  # another game's, or a person who has left the table since
        key = (press.hand, seats[press.who.id], _tile(press.data))
        answer = answer_of(api, press)
        text = refusal_of(answer) if answer is not None else None
        if answer is None or (text is not None and UNCERTAIN in text):
            possible.add(key)
        elif text is None:
            accepted.append(key)
            possible.add(key)
    lost = [k for k in accepted if k not in decisions]
    twice = [k for k, n in Counter(accepted).items() if n > 1]
    figures.moves += len(accepted)
    figures.lost += len(lost)
    figures.doubled += len(twice)
    assert not lost, f"moves accepted but not in the stored game (hand, seat, tile): {lost}"
    assert not twice, f"moves accepted twice: {twice}"
    invented = sorted(decisions - possible)
    told = [
        f"{p.who.first_name} {p.data!r} at {p.at:.1f} (query {p.query_id}): "
        f"{[(c.at, c.params.get('text')) for c in api.answers_to(p.query_id)]}"
        for p in presses
        if p.data.startswith(f"mv:{record.game_id}:")
        and p.who.id in seats
        and (p.hand, seats[p.who.id], _tile(p.data)) in invented
    ]
    assert not invented, (
        f"moves in the stored game that no accepted press made: {invented}; "
        f"their presses and answers: {told}"
    )


# The calls that change what a message says (a photo's words are its caption).
EDITS = ("editMessageText", "editMessageCaption", "editMessageMedia")
# The calls that change what a chat shows: a message sent, edited or deleted.
CHANGES = frozenset(
    {*EDITS, "sendMessage", "sendPhoto", "editMessageReplyMarkup"}
    | {"deleteMessage", "deleteMessages"}
)


def words_of(call: Call) -> str:
    """What a call showing a message says: its text, or its photo's caption."""
    media = call.params.get("media")
    if isinstance(media, dict):
        return str(media.get("caption") or "")
    return str(call.params.get("text") or call.params.get("caption") or "")


def edits_saying(api: FakeBotApi, words: str) -> list[Call]:
    """The accepted edits of messages in private chats that came to say `words`."""
    return [
        c
        for method in EDITS
        for c in api.calls(method)
        if c.ok and int(c.params["chat_id"]) > 0 and words in words_of(c)
    ]


def announcements(api: FakeBotApi, chat_id: int) -> list[tuple[str, int, float]]:
    """The group's announcements as sent, in order: ("hand", n, when) for each hand's
    result, ("result", 0, when) for the match's."""
    out = []
    for call in api.calls("sendMessage"):
        if not call.ok or call.params.get("chat_id") != chat_id:
            continue
        text = str(call.params.get("text", ""))
        markup = call.params.get("reply_markup") or {}
        labels = [b.get("text") for row in markup.get("inline_keyboard", []) for b in row]
        if found := _HAND_OVER.search(text):
            out.append(("hand", int(found.group(1)), call.at))
        elif "Rematch" in labels:
            out.append(("result", 0, call.at))
    return out


def check_announcements(
    api: FakeBotApi,
    chat_id: int,
    record: GameRecord,
    kills: Sequence[float] = (),
    *,
    figures: Figures,
) -> None:
    """Each hand's result, then the match's, posted once and in order; a repeat is
    allowed only for the one in flight at a kill -9 (sent before it, again after)."""
    match = engine_of(record)
    expected = [("hand", n) for n in range(1, len(match.state.results) + 1)]
    if match.match_over:
        expected.append(("result", 0))
    sent = announcements(api, chat_id)
    told: list[tuple[str, int]] = []
    repeats = []
    for index, (kind, number, at) in enumerate(sent):
        if told and told[-1] == (kind, number):
            before = sent[index - 1][2]
            repeats.append((kind, number))
            figures.repeated += 1
            if not any(before < k < at for k in kills):
                raise AssertionError(f"{kind} {number} announced twice, with no kill between")
            continue
        told.append((kind, number))
    assert told == expected, f"announced {told}, expected {expected}"
    assert len(repeats) <= len(kills), f"repeated {repeats} over {len(kills)} kills"


def changes_in(api: FakeBotApi, chat_id: int, since: float = 0.0) -> list[Call]:
    """The calls Telegram carried out that changed what the chat shows, after `since`."""
    return [
        c
        for c in api.calls()
        if c.ok and c.method in CHANGES and c.params.get("chat_id") == chat_id and c.at > since
    ]


def accepted(api: FakeBotApi, press: Press) -> bool:
    """Whether the press was answered with no alert: it changed the game."""
    answer = answer_of(api, press)
    return answer is not None and refusal_of(answer) is None


def accepted_at(api: FakeBotApi, presses: Sequence[Press]) -> list[float]:
    """When each press that was accepted was made."""
    return sorted(p.at for p in presses if accepted(api, p))


def longest_unshown(api: FakeBotApi, chat_id: int, moves: Sequence[float], end: float) -> float:
    """The longest the chat showed nothing new while the game had moved on: from a move
    to the chat's next change (or `end`), over every move."""
    changes = [c.at for c in changes_in(api, chat_id)]
    longest = 0.0
    for move in moves:
        shown = next((at for at in changes if at > move), end)
        longest = max(longest, min(shown, end) - move)
    return longest


def shown_version(message: StoredMessage, game_id: str) -> int | None:
    """The game's version the message's buttons carry (the latest, if several)."""
    versions = [
        int(data.split(":")[2])
        for prefix in ("mv:", "gm:", "ht:")
        for data in message.data_starting(f"{prefix}{game_id}:")
    ]
    return max(versions, default=None)
