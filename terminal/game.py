"""A match in a terminal: one person at seat 0, bots in the other seats, the engine in
between. What the person sees is what the Telegram game message says (the same texts
and the same rendering of views); the moves are numbered choices grouped by end, as
the buttons are. Bots decide with chance derived from the match's seed, so a seed
replays a whole match, the person's same answers given."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from core.engine import Match, Move
from core.players import BotPlayer, Level, decision_rng
from core.state import Phase
from core.variants import Settings, Variant
from core.views import SeatView, seat_view
from terminal.console import Console
from texts.render import (
    Names,
    events_since,
    hand_summary,
    header,
    log_lines,
    match_summary,
    move_label,
    moves_by_end,
    prompt,
    table_lines,
    tiles_text,
    variant_name,
)

HUMAN = 0  # the person's seat; bots are numbered by theirs, as in a direct game
MAX_BOT_MOVES = 1000  # far more than a hand needs; only stops a broken player


@dataclass(frozen=True, slots=True)
class Options:
    """What `dominoes play` chose: the game, its players, the bots' level, the target."""

    variant: Variant
    players: int
    level: Level
    target: int


def next_seed(seed: int) -> int:
    """The seed of the rematch after a match played with `seed`: a chain, so that a
    seed given on the command line replays every match of the session."""
    return random.Random(seed).getrandbits(63)


class TerminalMatch:
    """One match, played out loud on a `Console`."""

    def __init__(
        self, console: Console, options: Options, players: Mapping[Level, BotPlayer], seed: int
    ) -> None:
        self.console, self.t, self.seed = console, console.t, seed
        self.options = options
        self.bot = players[options.level]
        self.match, _ = Match.new(options.variant, options.players, options.target, seed=seed)
        labels = [self.t("bot-name", n=seat) for seat in range(options.players)]
        self.names = Names(labels, HUMAN, self.t)
        self._mark = (1, 0)  # (hand, event index): what the person has been shown

    def play(self) -> None:
        """Plays the match to its end: bots move, the person chooses, hands are scored."""
        self._introduce()
        while True:
            self._run_bots()
            view = seat_view(self.match, HUMAN)
            self.console.rule()
            self._show_log(view)
            if view.phase is Phase.PLAYING:
                self._show_table(view)
                move = self._ask_move(view)
                self._mark = (view.hand_no, len(view.history))
                self.match.play(HUMAN, *move)
                continue
            self._show_result(view)
            if view.phase is Phase.MATCH_OVER:
                return
            self.console.pause(self.t("term-next-hand"))
            self.match.next_hand()
            self._mark = (self.match.state.hand_no, 0)

    def _introduce(self) -> None:
        t, settings = self.t, self.match.settings
        variant = variant_name(settings.variant, t)
        level = t(f"level-{self.options.level.value}")
        self.console.say(t("term-intro", variant=variant, count=settings.n_players, level=level))
        if settings.has_teams:
            partner = next(
                s for s in range(settings.n_players) if s != HUMAN and _partners(settings, s)
            )
            self.console.say(t("term-partner", name=self.names(partner)))
        self.console.say(t("term-seed", seed=str(self.seed)))

    def _run_bots(self) -> None:
        """Bots decide until the person must, or the hand is over."""
        for _ in range(MAX_BOT_MOVES):
            seat = self.match.turn
            if seat is None or seat == HUMAN:
                return
            state = self.match.state
            rng = decision_rng(self.seed, state.hand_no, len(state.decisions))
            self.match.play(seat, *self.bot.choose(seat_view(self.match, seat), rng))
        raise RuntimeError(f"bots made {MAX_BOT_MOVES} moves without reaching the person")

    def _show_log(self, view: SeatView) -> None:
        log = log_lines(events_since(view, *self._mark), self.names, self.t)
        if log:
            self.console.say("<i>" + "\n".join(log) + "</i>")
            self.console.say()

    def _show_table(self, view: SeatView) -> None:
        self.console.say("\n".join(table_lines(view, self.names, self.t)))
        self.console.say()
        self.console.say(self.t("your-hand", tiles=tiles_text(view.hand)))
        self.console.say(prompt(view, self.names, self.t))

    def _ask_move(self, view: SeatView) -> Move:
        """The legal moves numbered, one group per end (as the buttons are); one chosen."""
        moves: list[Move] = []
        for end, group in moves_by_end(view):
            if end is None:
                heading = self.t("term-moves-lead")
            else:
                assert view.ends is not None
                side = 0 if end.value == "left" else 1
                heading = self.t(f"term-moves-{end.value}", number=view.ends[side])
            choices = []
            for move in group:
                moves.append(move)
                choices.append(f"{self.console.number(len(moves))} {move_label(move, view.ends)}")
            self.console.show(f"{self.console.style.text(heading)}  " + "   ".join(choices))
        return moves[self.console.choose(self.t("term-choose", count=len(moves)), len(moves))]

    def _show_result(self, view: SeatView) -> None:
        assert view.revealed is not None
        self.console.say(header(view, self.t) + "\n" + self.t("line", tiles=tiles_text(view.line)))
        self.console.say()
        self.console.say(hand_summary(view, view.revealed, self.names, self.t))
        if view.match_result is not None:
            self.console.say()
            self.console.say(match_summary(view, view.match_result, self.names, self.t))


def _partners(settings: Settings, seat: int) -> bool:
    return settings.side_of(seat) == settings.side_of(HUMAN)
