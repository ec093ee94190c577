"""Core views to text in one language: the line, the log of what happened, hand and
match results. The markup is the texts' own (Telegram's HTML subset: <b>, <i>, <a>);
a front end that shows something else converts it (see `terminal.style`).

Only `core` views are read, never the engine's state, so nothing hidden can be shown
(R8). Seat names arrive already escaped for this markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.deal import Deal
from core.engine import Move
from core.events import (
    Drew,
    EndReason,
    Event,
    HandResult,
    HandStarted,
    MatchResult,
    Passed,
    Played,
    PlayKind,
    Redealt,
)
from core.fair import HandSecret
from core.line import End
from core.rules.kozel import losing_mark
from core.state import Phase
from core.tiles import Tile
from core.variants import Settings, Variant
from core.views import PublicView, SeatView
from texts import Translate

LOG_LIMIT = 14  # log lines shown; older ones are summarised by an ellipsis


def tile_text(tile: Tile | tuple[int, int]) -> str:
    """A tile as players write it: `5|3`."""
    return f"{tile[0]}|{tile[1]}"


def tiles_text(tiles: Sequence[Tile | tuple[int, int]]) -> str:
    """Tiles separated by spaces; a dash for none."""
    return " ".join(tile_text(t) for t in tiles) if tiles else "—"


def move_label(move: Move, ends: tuple[int, int] | None) -> str:
    """A tile turned the way it would lie: `◀ 2|5` joins 5 on the left, `5|2 ▶` on the right."""
    tile, end = move
    if end is None or ends is None:
        return tile_text(tile)
    if end is End.LEFT:
        return f"◀ {tile.other(ends[0])}|{ends[0]}"
    return f"{ends[1]}|{tile.other(ends[1])} ▶"


def moves_by_end(view: SeatView) -> list[tuple[End | None, list[Move]]]:
    """The seat's legal moves grouped by end, as buttons and numbered choices show them:
    a lead first, then the left end, then the right; a tile that fits both (different)
    ends is in both groups. Empty groups are left out."""
    groups: dict[End | None, list[Move]] = {None: [], End.LEFT: [], End.RIGHT: []}
    for move in view.legal_moves:
        groups[move[1]].append(move)
    return [(end, groups[end]) for end in (None, End.LEFT, End.RIGHT) if groups[end]]


def variant_name(variant: Variant, t: Translate) -> str:
    return t(f"variant-{variant.value}")


def laid(event: Played) -> tuple[int, int]:
    """The tile as it lies in the line, read left to right."""
    left, right = event.ends_after
    if event.end is End.RIGHT:
        return (event.tile.other(right), right)
    if event.end is End.LEFT:
        return (left, event.tile.other(left))
    return (left, right)  # a lead: the line is this one tile


def upper_first(text: str) -> str:
    """`text` with its first letter a capital (after any leading markup): a fragment
    written to follow " · " that opens the line."""
    i = 0
    while i < len(text) and text[i] == "<":
        i = text.find(">", i) + 1 or len(text)
    return text[:i] + text[i : i + 1].upper() + text[i + 1 :]


class Names:
    """How one viewer names the seats: "You" for the viewer, the given label for the
    others. `labels` are already escaped for the markup; `viewer` None is an onlooker
    (a group), who sees everyone by label."""

    def __init__(self, labels: Sequence[str], viewer: int | None, t: Translate) -> None:
        self._labels, self._viewer, self._t = tuple(labels), viewer, t

    def who(self, seat: int) -> str:
        """The grammatical person a text needs: "you" or "other"."""
        return "you" if seat == self._viewer else "other"

    def __call__(self, seat: int) -> str:
        return self._t("you") if seat == self._viewer else self._labels[seat]

    def inline(self, seat: int) -> str:
        """The seat's name inside a line ("Bot 2 &amp; you", a score), not opening it."""
        return self._t("you-inline") if seat == self._viewer else self._labels[seat]

    def args(self, seat: int) -> dict[str, str | int]:
        return {"name": self(seat), "who": self.who(seat)}

    def side(self, view: PublicView, side: int) -> str:
        """A score side: a seat, or in Kozel a team of two ("You & Bot 2")."""
        settings = Settings(view.variant, view.n_players, view.target)
        members = [s for s in range(view.n_players) if settings.side_of(s) == side]
        if len(members) == 1:
            return self.inline(members[0])
        first, second = members
        if second == self._viewer:  # the viewer's own pair: the viewer first
            first, second = second, first
        return self._t("team", first=self.inline(first), second=self.inline(second))

    def side_args(self, view: PublicView, side: int) -> dict[str, str | int]:
        settings = Settings(view.variant, view.n_players, view.target)
        ours = self._viewer is not None and settings.side_of(self._viewer) == side
        return {"team": self.side(view, side), "who": "you" if ours else "other"}


# -- the log -----------------------------------------------------------------------------


def log_lines(
    events: Sequence[Event], names: Names, t: Translate, limit: int | None = LOG_LIMIT
) -> list[str]:
    """What happened, one line per action; a run of draws by one seat is one line. Past
    `limit` lines (None: no limit), only the latest are kept."""
    lines: list[str] = []
    i = 0
    while i < len(events):
        event = events[i]
        if isinstance(event, Drew):
            run = [event]
            while i + len(run) < len(events):
                following = events[i + len(run)]
                if not isinstance(following, Drew) or following.seat != event.seat:
                    break
                run.append(following)
            i += len(run)
            drawn = [d.tile for d in run if d.tile is not None]
            if len(drawn) == len(run):  # the viewer's own draws: the tiles are known
                lines.append(t("log-drew-tiles", **names.args(event.seat), tiles=tiles_text(drawn)))
            else:
                lines.append(t("log-drew", **names.args(event.seat), count=len(run)))
            continue
        line = _log_line(event, names, t)
        if line:
            lines.append(line)
        i += 1
    if limit is not None and len(lines) > limit:
        lines = ["…", *lines[-limit:]]
    return lines


def _log_line(event: Event, names: Names, t: Translate) -> str | None:
    if isinstance(event, HandStarted):
        return t("log-hand-started", hand=event.hand_no)
    if isinstance(event, Redealt):
        return t("log-redeal", **names.args(event.seat), reason=event.reason.value)
    if isinstance(event, Passed):
        return t("log-passed", **names.args(event.seat))
    if isinstance(event, Played):
        tile = tile_text(laid(event))
        if event.kind is PlayKind.FORCED_LEAD:
            return t("log-forced-lead", **names.args(event.seat), tile=tile)
        if event.end is None:
            return t("log-led", **names.args(event.seat), tile=tile)
        end = t(f"end-{event.end.value}")
        key = "log-played-drawn" if event.kind is PlayKind.AUTO else "log-played"
        return t(key, **names.args(event.seat), tile=tile, end=end)
    return None  # results are shown in full below the log


def events_since(view: SeatView, mark_hand: int, mark_index: int) -> tuple[Event, ...]:
    """This hand's events from the viewer's last move on (all of them in a new hand)."""
    if mark_hand != view.hand_no:
        return view.history
    return view.history[mark_index:]


# -- the table ------------------------------------------------------------------------------


def target_text(variant: Variant, target: int, t: Translate) -> str:
    """The target as players say it: in Kozel, the goats' mark (R7.6)."""
    if variant is Variant.KOZEL:
        return t("target-goats", mark=losing_mark(target))
    return t("target-classic", target=target)


def header(view: PublicView, t: Translate) -> str:
    return t(
        "game-header",
        variant=variant_name(view.variant, t),
        hand=view.hand_no,
        goal=target_text(view.variant, view.target, t),
    )


def scores_line(view: PublicView, names: Names, t: Translate) -> str:
    parts = [
        t("score-entry", side=names.side(view, side), score=score)
        for side, score in enumerate(view.scores)
    ]
    text = t("scores", scores=" · ".join(parts))
    if view.eggs:
        text += " " + t("eggs-carried", eggs=view.eggs)
    return text


def table_lines(
    view: PublicView, names: Names, t: Translate, *, code: bool = True, scores: bool = True
) -> list[str]:
    """What everyone sees (R8.1): the line, its ends, hand sizes, boneyard, scores (but
    where the text above says them), and while a hand is played, its deal code
    (`core.fair`), if it has one."""
    lines = [header(view, t)]
    if view.line:
        lines.append(t("line", tiles=tiles_text(view.line)))
        if view.ends is not None and view.phase is Phase.PLAYING:
            lines.append(t("ends", left=view.ends[0], right=view.ends[1]))
    elif view.phase is Phase.PLAYING:
        lines.append(t("line-empty"))
    if view.phase is Phase.PLAYING:
        sizes = [
            t("hand-size", name=names.inline(seat), count=size)
            for seat, size in enumerate(view.hand_sizes)
        ]
        lines.append(t("hand-sizes", sizes=" · ".join(sizes)))
        if view.variant is Variant.DRAW:
            lines.append(t("boneyard", count=view.boneyard_size))
    if scores:
        lines.append(scores_line(view, names, t))
    if code and view.commitment is not None and view.phase is Phase.PLAYING:
        lines.append(t("deal-commitment", commitment=view.commitment))
    return lines


def caption_lines(view: PublicView, names: Names, t: Translate, *, code: bool = True) -> list[str]:
    """What the caption of the table's picture says (the picture shows the line, the
    hands and the boneyard): the header, the open ends, the scores and the deal code;
    what a notification and a screen reader should tell."""
    lines = [header(view, t)]
    if view.line and view.ends is not None and view.phase is Phase.PLAYING:
        lines.append(t("ends", left=view.ends[0], right=view.ends[1]))
    elif view.phase is Phase.PLAYING:
        lines.append(t("line-empty"))
    lines.append(scores_line(view, names, t))
    if code and view.commitment is not None and view.phase is Phase.PLAYING:
        lines.append(t("deal-commitment", commitment=view.commitment))
    return lines


def prompt(view: SeatView, names: Names, t: Translate) -> str:
    """Whose move it is, said to the viewer; empty when nobody is to move."""
    if view.turn == view.seat:
        return t("your-lead") if not view.line else t("your-move")
    if view.turn is None:
        return ""
    return t("waiting-for", name=names(view.turn))


# -- results --------------------------------------------------------------------------------


def hand_headline(view: PublicView, result: HandResult, names: Names, t: Translate) -> str:
    """How a hand ended, in one line: a domino and by whom, a fish, a block."""
    if result.reason is EndReason.DOMINO:
        return t("hand-domino", hand=result.hand_no, **names.args(result.last_player))
    if view.has_teams:
        return t("hand-fish", hand=result.hand_no)
    return t("hand-blocked", hand=result.hand_no)


def match_headline(view: PublicView, result: MatchResult, names: Names, t: Translate) -> str:
    """Who won the match (in Kozel, who the goats are), in one line."""
    if result.goats is None:
        return t("match-won", **names.args(result.winner), score=result.scores[result.winner])
    goats = names.side_args(view, result.goats)
    return t("match-goats", **goats, score=result.scores[result.goats])


def hand_summary(
    view: PublicView,
    result: HandResult,
    names: Names,
    t: Translate,
    *,
    secret: bool = True,
    headline: bool = True,
) -> str:
    """R8.3: every hand revealed with its count, the points recorded and why; with
    `secret`, the deal's secret too (a group's result has a button for it instead);
    without `headline`, no first line saying how the hand ended (said before it)."""
    lines = [hand_headline(view, result, names, t)] if headline else []
    for seat, (hand, count) in enumerate(zip(result.hands_after, result.counts, strict=True)):
        if not hand:
            lines.append(t("reveal-empty", name=names(seat)))
            continue
        # R7.5's lone 0|0 and 6|6 weigh only where the count goes into what is written:
        # elsewhere the hand shows its plain pips, without the note.
        written = _written(view, result, seat)
        shown = count if written else sum(tile.value for tile in hand)
        line = t("reveal", name=names(seat), tiles=tiles_text(hand), count=shown)
        if len(hand) == 1 and count != hand[0].value and written:
            line += " " + t("lone-tile", tile=tile_text(hand[0]), count=count)
        lines.append(line)
    if result.rest:
        key = "reveal-boneyard" if view.variant is Variant.DRAW else "reveal-out-of-play"
        lines.append(t(key, tiles=tiles_text(result.rest)))
    lines.append("")
    lines.extend(_kozel_outcome(view, result, names, t) if view.has_teams else [])
    if not view.has_teams:
        lines.append(_classic_outcome(result, names, t))
    lines.append(scores_line(view, names, t))
    lines = [upper_first(line) for line in lines]  # a pair ("you &amp; Bot 2") may open one
    # The deal's secret, beside the hands it dealt (`core.fair`); one per result.
    dealt = deal_secret(view, result.hand_no) if secret else None
    if dealt is not None:
        lines.append("")
        lines.append(t("deal-secret", secret=str(dealt), commitment=dealt.commitment))
    return "\n".join(lines)


def _written(view: PublicView, result: HandResult, seat: int) -> bool:
    """Whether `seat`'s count goes into the points the hand writes or carries: in a
    Kozel domino only the losing pair's two hands are written (R7.1); a fish is written
    or carried as eggs with all four hands (R7.2, R7.3), and so is every other count."""
    if not view.has_teams or result.reason is not EndReason.DOMINO or result.winner is None:
        return True
    settings = Settings(view.variant, view.n_players, view.target)
    return settings.side_of(seat) != result.winner


def deal_secret(view: PublicView, hand_no: int) -> HandSecret | None:
    """The secret of hand `hand_no`, once that hand is over (None before, or for a match
    dealt before secrets)."""
    for past, secret in zip(view.results, view.deal_secrets, strict=False):
        if past.hand_no == hand_no:
            return secret
    return None


def _classic_outcome(result: HandResult, names: Names, t: Translate) -> str:
    if result.winner is None:
        return t("result-tie")
    key = "result-domino" if result.reason is EndReason.DOMINO else "result-blocked"
    return t(key, **names.args(result.winner), points=result.points)


def _kozel_outcome(view: PublicView, result: HandResult, names: Names, t: Translate) -> list[str]:
    if result.winner is None:
        return [t("result-eggs", eggs=result.eggs_after)]
    loser = next(side for side in range(len(view.scores)) if side != result.winner)
    lines = []
    if result.reason is EndReason.DOMINO:
        lines.append(t("result-kozel-domino", **names.side_args(view, result.winner)))
    else:
        lines.append(t("result-fish", **names.side_args(view, loser)))
    written = result.hand_total + result.eggs_used
    if result.cancelled_by_13:
        lines.append(t("result-rule-13", **names.side_args(view, loser), points=written))
    else:
        lines.append(t("result-records", **names.side_args(view, loser), points=result.points))
    if result.eggs_used:
        lines.append(t("result-eggs-used", eggs=result.eggs_used))
    return lines


def match_summary(
    view: PublicView, result: MatchResult, names: Names, t: Translate, *, headline: bool = True
) -> str:
    """R6.4, R7.6, R7.7: who won; in Kozel the goats, and a dry win; without
    `headline`, only what follows its first line (said before it)."""
    lines = [match_headline(view, result, names, t)] if headline else []
    if result.goats is not None:
        lines.append(t("match-winners", **names.side_args(view, result.winner)))
        if result.dry:
            lines.append(t("match-dry"))
    return "\n".join(upper_first(line) for line in lines)


def score_sheet(view: PublicView, names: Names, t: Translate) -> list[str]:
    """The score sheet, a line per hand over: who wrote what (Kozel: the pair that wrote
    the points, fish, eggs carried or used, a hand the rule of 13 left unwritten; the
    draw and block games: the points each hand gave, a tie). Empty before a hand is over."""
    if not view.results:
        return []
    lines = [t("sheet-title")]
    for result in view.results:
        lines.append(_sheet_line(view, result, names, t))
    return lines


def _sheet_line(view: PublicView, result: HandResult, names: Names, t: Translate) -> str:
    hand = result.hand_no
    if result.winner is None:
        if view.has_teams:
            return t("sheet-eggs", hand=hand, eggs=result.eggs_after)
        return t("sheet-tie", hand=hand)
    if not view.has_teams:
        return t("sheet-points", hand=hand, side=names(result.winner), points=result.points)
    loser = next(side for side in range(len(view.scores)) if side != result.winner)
    side = names.side(view, loser)
    if result.cancelled_by_13:
        written = result.hand_total + result.eggs_used
        return t("sheet-rule-13", hand=hand, side=side, points=written)
    notes = [t("sheet-fish")] if result.reason is not EndReason.DOMINO else []
    if result.eggs_used:
        notes.append(t("sheet-eggs-used", eggs=result.eggs_used))
    line = t("sheet-points", hand=hand, side=side, points=result.points)
    return " · ".join([line, *notes])


# -- a deal dealt again from its secret (/verify, dominoes verify) ---------------------------


def verify_lines(secret: HandSecret, t: Translate) -> list[str]:
    """The deal `secret` makes, every redeal before it, and the deal code it gives (the
    one the table showed while the hand was played)."""
    lines = [
        t("verify-title", variant=variant_name(secret.variant, t), count=secret.n_players),
        t("verify-code", commitment=secret.commitment),
        t("verify-seats"),
    ]
    dealt = secret.rebuild()
    for n, redeal in enumerate(dealt.redeals, 1):
        lines.append("")
        lines.append(t("verify-redeal", n=n, number=redeal.seat + 1, reason=redeal.reason.value))
        lines.extend(_deal_lines(redeal.deal, secret.variant, t))
    lines.append("")
    lines.append(t("verify-deal", n=len(dealt.redeals) + 1))
    lines.extend(_deal_lines(dealt.deal, secret.variant, t))
    return lines


def _deal_lines(deal: Deal, variant: Variant, t: Translate) -> list[str]:
    lines = [t("verify-seat", n=seat + 1, tiles=tiles_text(h)) for seat, h in enumerate(deal.hands)]
    if deal.rest:
        # R5.1: the draw game's boneyard is drawn from the front of this order.
        key = "verify-boneyard" if variant is Variant.DRAW else "verify-out-of-play"
        lines.append(t(key, tiles=tiles_text(deal.rest)))
    return lines
