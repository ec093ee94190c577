"""What the picture of the table shows, taken from the public view only (R8): the line, the
header, and each seat's name, tiles left and last action. A private scene adds its owner's
hand face up, and nothing else; once a hand is over every hand is face up (R8.3)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from core.events import Drew, EndReason, HandResult, HandStarted, MatchResult, Passed, Played
from core.line import End
from core.state import Phase
from core.variants import Variant
from core.views import PublicView, SeatView
from picture.board import has_glyph
from texts import Translate
from texts.render import tile_text

NAME_LENGTH = 14

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class SeatScene:
    """One seat as drawn: `tiles` face up (its owner's hand, or every hand once the hand is
    over), else None and only `count` face-down tiles; `team` in Kozel, else None."""

    seat: int
    name: str
    bot: bool
    count: int
    tiles: tuple[Pair, ...] | None
    action: str | None
    team: int | None


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a hand or the match came to, as the picture tells it: `title` (a domino and
    by whom, a fish, the goats), then its `details` (the points written, eggs; the goats'
    names and a dry win). `goats`: the match's end in Kozel, drawn as an event."""

    title: str
    details: tuple[str, ...]
    goats: bool = False


@dataclass(frozen=True, slots=True)
class Scene:
    """The whole position, ready to draw: every text in it already translated."""

    variant: Variant
    title: str
    hand_no: int
    line: tuple[Pair, ...]
    lead: int | None
    last: int | None
    ends: tuple[int, int] | None
    boneyard: int | None
    boneyard_text: str | None
    sides: tuple[str, ...]  # who scores: each seat, or in Kozel each team
    points: tuple[int, ...]  # each side's score
    eggs_text: str | None  # Kozel's eggs carried to the next hand, if any
    turn: int | None
    seats: tuple[SeatScene, ...]
    owner: int | None
    outcome: Outcome | None = None  # a hand's or the match's result, once it is over


def clean_name(name: str, stand_in: str = "?", length: int = NAME_LENGTH) -> str:
    """A name as plain text: control, format (bidi overrides, zero-width) and other
    invisible characters removed, and those the font cannot draw (emoji); at most one
    combining mark on a letter (marks stacked up would spill out of the name's line);
    runs of spaces made one, cut to `length` with "…"; `stand_in` when nothing is left."""
    kept: list[str] = []
    marked = False
    for c in name:
        if unicodedata.category(c).startswith("C") or not has_glyph(c):
            continue
        mark = unicodedata.combining(c) != 0
        if mark and (marked or not kept):
            continue
        marked = mark
        kept.append(c)
    text = " ".join("".join(kept).split())
    if len(text) > length:
        text = text[: length - 1].rstrip() + "…"
    return text if any(c.isalnum() for c in text) else stand_in


def marks(view: PublicView) -> tuple[int | None, int | None]:
    """The lead's index (it moves right with every tile laid on the left) and the last
    tile's, from the current hand's public history."""
    lead: int | None = None
    last: int | None = None
    length = 0
    for event in view.history:
        if isinstance(event, HandStarted):
            lead = last = None
            length = 0
        elif isinstance(event, Played):
            length += 1
            if event.end is None:
                lead = last = 0
            elif event.end is End.LEFT:
                lead = None if lead is None else lead + 1
                last = 0
            else:
                last = length - 1
    return lead, last


def actions(view: PublicView, t: Translate) -> list[str | None]:
    """Each seat's last turn in short: the tile it laid, "+2" for two tiles drawn, the word
    for a pass; a turn that drew and then laid shows both."""
    drawn = [0] * view.n_players  # in the seat's last turn
    said: list[list[str]] = [[] for _ in range(view.n_players)]
    previous: int | None = None
    for event in view.history:
        if isinstance(event, HandStarted):
            drawn = [0] * view.n_players
            said = [[] for _ in range(view.n_players)]
            previous = None
        elif isinstance(event, Played | Drew | Passed):
            seat = event.seat
            if seat != previous:  # a new turn of this seat
                drawn[seat], said[seat] = 0, []
            previous = seat
            if isinstance(event, Drew):
                drawn[seat] += 1
            elif isinstance(event, Passed):
                said[seat].append(t("pic-pass"))
            else:
                said[seat].append(tile_text(event.tile))
    return [
        " ".join([f"+{count}"] * (count > 0) + words) or None
        for count, words in zip(drawn, said, strict=True)
    ]


def outcome(
    view: PublicView, seats: Sequence[str], sides: Sequence[str], t: Translate
) -> Outcome | None:
    """What the hand or the match came to (`seats`: the seats' names; `sides`: the
    names of the seats, or of the teams in Kozel); None while a hand is played."""
    if view.match_result is not None:
        return _match_outcome(view.match_result, sides, t)
    if view.phase is Phase.PLAYING or view.revealed is None:
        return None
    result: HandResult = view.revealed
    if result.reason is EndReason.DOMINO:
        title = t("pic-domino", name=seats[result.last_player])
    else:
        title = t("pic-fish") if view.has_teams else t("pic-blocked")
    if result.winner is None:
        detail = (
            t("pic-kozel-eggs", eggs=result.eggs_after) if view.has_teams else t("pic-hand-tie")
        )
    elif not view.has_teams:
        detail = t("pic-hand-won", side=sides[result.winner], points=result.points)
    elif result.cancelled_by_13:
        written = result.hand_total + result.eggs_used
        detail = t("pic-kozel-13", side=sides[1 - result.winner], points=written)
    else:
        detail = t("pic-kozel-written", side=sides[1 - result.winner], points=result.points)
    return Outcome(title, (detail,))


def _match_outcome(result: MatchResult, sides: Sequence[str], t: Translate) -> Outcome:
    if result.goats is None:
        return Outcome(t("pic-match-won"), (sides[result.winner],))
    dry = (t("pic-dry"),) if result.dry else ()
    return Outcome(t("pic-goats"), (sides[result.goats], *dry), goats=True)


def _pairs(tiles: Sequence[tuple[int, int]]) -> tuple[Pair, ...]:
    return tuple((a, b) for a, b in tiles)


def scene_of(
    view: PublicView,
    names: Sequence[str],
    bots: Sequence[bool],
    t: Translate,
    owner: int | None = None,
) -> Scene:
    """The scene of `view`: with `owner`, `view` must be that seat's SeatView, and its hand
    is the only one face up while the hand is in play."""
    n = view.n_players
    if len(names) != n or len(bots) != n:
        raise ValueError(f"{n} seats need {n} names and bot flags")
    if owner is not None and not (isinstance(view, SeatView) and view.seat == owner):
        raise ValueError(f"a private scene for seat {owner} needs that seat's SeatView")
    shown = [clean_name(name, t("pic-player", n=seat + 1)) for seat, name in enumerate(names)]
    revealed = view.revealed if view.phase is not Phase.PLAYING else None
    last_words = actions(view, t)
    seats = []
    for seat in range(n):
        tiles: tuple[Pair, ...] | None = None
        count = view.hand_sizes[seat]
        if revealed is not None:
            tiles = _pairs(revealed.hands_after[seat])
            count = len(tiles)
        elif owner == seat and isinstance(view, SeatView):
            tiles = _pairs(view.hand)
        team = seat % 2 if view.has_teams else None
        seats.append(
            SeatScene(seat, shown[seat], bool(bots[seat]), count, tiles, last_words[seat], team)
        )
    teams = (
        [t("pic-team", first=shown[k], second=shown[k + 2]) for k in (0, 1)]
        if view.has_teams
        else []
    )
    sides = teams or shown
    draws = view.variant is Variant.DRAW
    lead, last = marks(view)
    return Scene(
        variant=view.variant,
        title=f"{t('variant-' + view.variant.value)} · {t('pic-hand', hand=view.hand_no)}",
        hand_no=view.hand_no,
        line=_pairs(view.line),
        lead=lead,
        last=last,
        ends=view.ends,
        boneyard=view.boneyard_size if draws else None,
        boneyard_text=t("boneyard", count=view.boneyard_size) if draws else None,
        sides=tuple(sides),
        points=tuple(view.scores),
        eggs_text=t("pic-eggs", eggs=view.eggs) if view.has_teams and view.eggs else None,
        turn=view.turn if view.phase is Phase.PLAYING else None,
        seats=tuple(seats),
        owner=owner,
        outcome=outcome(view, shown, sides, t),
    )
