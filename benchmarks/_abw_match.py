"""Plays deals of abw333's `dominoes` engine (PyPI `dominoes==6.1.0`) between two sides.

`abw_strength.py` runs this file with the interpreter of `benchmarks/.venv-compare`,
where that package is installed; the project's own dependencies are not, and need not
be: `core` is stdlib-only and imported from the repository root.

    python _abw_match.py --a hard --b abw-pimc:8:10 --seeds 50000 50010 [--stride 1]

Their game is one hand of the 4-player block game: all 28 tiles dealt, 7 each, no
boneyard, teams 0+2 against 1+3, player 0 leads any tile, a seat that cannot play
passes. Each deal seed is played twice, side A at seats 0 and 2, then at 1 and 3, on
the same hands (`random.seed(seed)` before `Game.new`, checked). Prints one JSON line
per hand.

Players: our levels (`core.players.player_for`) decide on a Kozel `SeatView` built
from the game, which is mirrored move by move in our own engine (a 4-player block
match with a free lead by seat 0) and checked against its `seat_view` at every
decision of ours; `greedy` is abw's `bota_gorda`; `abw-pimc:M:S` is abw's
`bota_gorda` then `probabilistic_alphabeta(start_move=M, sample_size=S)`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# Not in the project's venv: pyproject's mypy overrides ignore the missing module.
import dominoes  # noqa: E402

from benchmarks.reference_players import Seer, seer, tuned_player  # noqa: E402
from core.bits import bit_of, mask_of  # noqa: E402
from core.deal import Deal, ScriptedDealer  # noqa: E402
from core.engine import Match  # noqa: E402
from core.events import EndReason, Event, HandStarted, Passed, Played, PlayKind  # noqa: E402
from core.line import End, Line, Move  # noqa: E402
from core.players import HardPlayer  # noqa: E402
from core.players.hard import Sample  # noqa: E402
from core.players.knowledge import ends_after, infer  # noqa: E402
from core.players.outcome import kozel_hand  # noqa: E402
from core.rules.kozel import kozel_count  # noqa: E402
from core.state import MatchState, Phase  # noqa: E402
from core.tiles import Tile  # noqa: E402
from core.variants import Settings, Variant  # noqa: E402
from core.views import SeatView, seat_view  # noqa: E402

N_SEATS = 4
TARGET = 100  # the Kozel view's match target; scores 0-0, so the hand is all that counts

AbwMove = tuple[Any, bool]  # (dominoes.Domino, left?)


def tile_of(domino: Any) -> Tile:
    return Tile.of(domino.first, domino.second)


class Table:
    """One abw game and its mirror: our line, our history of events, and (with
    `verify`) our engine playing the same moves."""

    def __init__(self, game: Any, verify: bool) -> None:
        self.game = game
        self.line = Line()
        self.history: list[Event] = [HandStarted(1, game.starting_player)]
        self.seen = 0  # entries of `game.moves` mirrored so far
        self.match: Match | None = None
        if verify:
            hands = tuple(tuple(sorted(tile_of(d) for d in h)) for h in game.hands)
            state = MatchState(
                settings=Settings(Variant.BLOCK, N_SEATS),
                dealer=ScriptedDealer([Deal(hands, ())]),
                scores=[0] * N_SEATS,
                next_leader=game.starting_player,  # a free lead, as in their game
            )
            self.match = Match(state)
            self.match._deal_hand()

    def sync(self) -> None:
        """Mirror the entries `game.moves` gained: a tile laid, or None for a pass.
        Entry i is the turn of seat (starting player + i) % 4."""
        moves = self.game.moves
        while self.seen < len(moves):
            seat = (self.game.starting_player + self.seen) % N_SEATS
            move = moves[self.seen]
            ends = self.line.ends()
            if move is None:
                assert ends is not None
                self.history.append(Passed(seat, ends))
            else:
                tile = tile_of(move[0])
                end = None if ends is None else (End.LEFT if move[1] else End.RIGHT)
                self.line.attach(tile, end)
                after = self.line.ends()
                assert after is not None
                self.history.append(Played(seat, tile, end, PlayKind.CHOICE, after))
                if self.match is not None:
                    self.match.play(seat, tile, end)
            self.seen += 1
        board = self.game.board
        if len(board):
            assert self.line.ends() == (board.left_end(), board.right_end()), "ends differ"
            assert self.line.chain == [(d.first, d.second) for d in board.board], "line differs"

    def view(self) -> SeatView:
        """The Kozel view of the seat to move (first hand of a match at 0-0)."""
        game = self.game
        seat = game.turn
        hand = tuple(sorted(tile_of(d) for d in game.hands[seat]))
        return SeatView(
            variant=Variant.KOZEL,
            n_players=N_SEATS,
            target=TARGET,
            hand_no=1,
            phase=Phase.PLAYING,
            turn=seat,
            line=tuple(self.line.chain),
            ends=self.line.ends(),
            hand_sizes=tuple(len(h) for h in game.hands),
            boneyard_size=0,
            out_of_play=0,
            scores=(0, 0),
            eggs=0,
            history=tuple(self.history),
            results=(),
            revealed=None,
            match_result=None,
            seat=seat,
            hand=hand,
            legal_moves=tuple(self.line.moves(hand)),
        )

    def check(self, view: SeatView) -> None:
        """The view against abw's game and against our engine's own view."""
        game = self.game
        valid = {(tile_of(d), left) for d, left in game.valid_moves}
        ours = {(tile, end in (None, End.LEFT)) for tile, end in view.legal_moves}
        assert ours == valid, "moves differ"
        assert len(view.legal_moves) == len(game.valid_moves), "move counts differ"
        know = infer(view)
        others = {tile_of(d) for s, h in enumerate(game.hands) if s != view.seat for d in h}
        assert know.unseen == mask_of(others), "unseen differs"
        assert know.hand_sizes == tuple(len(h) for h in game.hands), "hand sizes differ"
        missing = game.missing_values()
        for s in range(N_SEATS):
            lacks = 0 if s == view.seat else sum(1 << n for n in missing[s])
            assert know.lacks[s] == lacks, f"lacks of seat {s} differ"
        if self.match is not None:
            theirs = seat_view(self.match, view.seat)
            for field in ("turn", "line", "ends", "hand_sizes", "history", "hand", "legal_moves"):
                assert getattr(view, field) == getattr(theirs, field), f"{field} differs"


# (table, deal seed) -> the abw move and the seconds spent choosing it (our players:
# `choose` alone, not the view's building and checks; abw's: the player calls)
Decide = Callable[[Table, int], tuple[AbwMove, float]]


def omniscient_decider() -> Decide:
    """A bound, not a player: the hard level's search on the true hands alone, exact
    once 20 tiles are left (the first moves judged by one SMART play-out each)."""
    player = HardPlayer(exact_tiles=20, exact_nodes=10**7, decision_nodes=10**7)

    def decide(table: Table, _seed: int) -> tuple[AbwMove, float]:
        view = table.view()
        start = time.perf_counter()
        move = view.legal_moves[0]
        if len(view.legal_moves) > 1:
            hands = [mask_of(tile_of(d) for d in h) for h in table.game.hands]
            move = player.best_move(view, [Sample(hands, [], 1.0)])
        return abw_move(table.game, move), time.perf_counter() - start

    return decide


def our_decider(name: str) -> Decide:
    if name == "omniscient":
        return omniscient_decider()
    player = seer(name) if name.startswith("seer:") else tuned_player(name)

    def decide(table: Table, seed: int) -> tuple[AbwMove, float]:
        view = table.view()
        table.check(view)
        if isinstance(player, Seer):
            player.true_hands = [mask_of(tile_of(d) for d in h) for h in table.game.hands]
        rng = random.Random(f"{seed}:{len(table.game.moves)}")
        start = time.perf_counter()
        move = player.choose(view, rng)
        spent = time.perf_counter() - start
        return abw_move(table.game, move), spent

    return decide


def abw_move(game: Any, move: Move) -> AbwMove:
    tile, end = move
    for d, left in game.valid_moves:
        if tile_of(d) == tile and left == (end in (None, End.LEFT)):
            return d, left
    raise AssertionError(f"{move} is not among {game.valid_moves}")


def abw_decider(name: str) -> Decide:
    players: list[Callable[[Any], None]] = [dominoes.players.bota_gorda]
    if name.startswith("abw-pimc"):
        _, start, samples = name.split(":")
        players.append(
            dominoes.players.probabilistic_alphabeta(
                start_move=int(start), sample_size=int(samples)
            )
        )
    elif name != "greedy":
        raise ValueError(f"unknown player {name!r}")

    def decide(table: Table, _seed: int) -> tuple[AbwMove, float]:
        start = time.perf_counter()
        for player in players:
            player(table.game)
        spent = time.perf_counter() - start
        d, left = table.game.valid_moves[0]
        return (d, bool(left)), spent

    return decide


def decider(name: str) -> Decide:
    if name == "greedy" or name.startswith("abw-"):
        return abw_decider(name)
    return our_decider(name)


DECISION_LOG = os.environ.get("DOMINOES_DECISION_LOG")


def log_decision(table: Table, who: str, move: AbwMove) -> None:
    """With DOMINOES_DECISION_LOG, one JSON line per decision with a choice: the
    mover's hand, the line, each legal move (tile's bit index, ends after) and the one
    chosen, for fitting a model of how each side plays."""
    if DECISION_LOG is None or len(table.game.valid_moves) < 2:
        return
    view = table.view()
    chosen = (tile_of(move[0]), move[1])
    options = []
    pick = -1
    for k, (tile, end) in enumerate(view.legal_moves):
        left, right = ends_after(view, tile, end)
        options.append([bit_of(tile).bit_length() - 1, left, right])
        if (tile, end in (None, End.LEFT)) == chosen:
            pick = k
    record = {
        "who": who,
        "seat": view.seat,
        "hand": mask_of(view.hand),
        "line": mask_of(Tile.of(a, b) for a, b in view.line),
        "ends": view.ends,
        "lacks": list(infer(view).lacks),
        "options": options,
        "chosen": pick,
    }
    with open(f"{DECISION_LOG}.{os.getpid()}", "a") as out:
        out.write(json.dumps(record, separators=(",", ":")) + "\n")


def play(seed: int, a_team: int, sides: tuple[Decide, Decide], verify: bool) -> dict[str, Any]:
    """One hand of deal `seed`, side A on team `a_team` (0: seats 0 and 2)."""
    random.seed(seed)  # the deal, and then abw's players' own chance
    game = dominoes.Game.new(starting_player=0)
    hands = [[str(tile_of(d)) for d in h] for h in game.hands]
    table = Table(game, verify)
    times: tuple[list[list[float]], list[list[float]]] = ([], [])
    while game.result is None:
        table.sync()
        side = 0 if game.turn % 2 == a_team else 1
        valid = len(game.valid_moves)
        (d, left), spent = sides[side](table, seed)
        log_decision(table, "ab"[side], (d, left))
        times[side].append([round(spent, 6), valid])
        game.make_move(d, left)
    table.sync()
    player, won, points = game.result
    # `points` is from team 0's side whether the hand went out or stuck: > 0 team 0
    # won, < 0 team 1 won, 0 a stuck tie (the game's `__str__` reads it the same way).
    winner = None if points == 0 else (0 if points > 0 else 1)
    if won:
        assert winner == player % 2
    kozel = kozel_winner(game, player, won)
    if table.match is not None:
        ours = table.match.last_result
        assert ours is not None, "our hand is not over"
        assert (ours.reason is EndReason.DOMINO) == won, "end differs"
        assert ours.last_player == player or not won, "last player differs"
    return {
        "seed": seed,
        "a_team": a_team,
        "hands": hands,
        "won": won,
        "points": points,
        "winner": None if winner is None else ("A" if winner == a_team else "B"),
        "kozel_winner": None if kozel is None else ("A" if kozel == a_team else "B"),
        "a_points": abs(points) if winner == a_team else 0,
        "b_points": abs(points) if winner is not None and winner != a_team else 0,
        "a_times": times[0],
        "b_times": times[1],
    }


def kozel_winner(game: Any, player: int, won: bool) -> int | None:
    """The team our Kozel rules make the winner (a lone 0-0 or 6-6 counts 25 or 50)."""
    counts = [kozel_count(tuple(tile_of(d) for d in h)) for h in game.hands]
    team, _, _ = kozel_hand(counts, player, won, (0, 0), 0)
    return None if team < 0 else team


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--seeds", type=int, nargs=2, required=True, metavar=("START", "STOP"))
    parser.add_argument("--stride", type=int, default=1, help="play every STRIDE-th seed")
    parser.add_argument("--no-verify", action="store_true", help="skip the mirror in our engine")
    args = parser.parse_args()
    sides = (decider(args.a), decider(args.b))
    for seed in range(args.seeds[0], args.seeds[1], args.stride):
        first = play(seed, 0, sides, not args.no_verify)
        second = play(seed, 1, sides, not args.no_verify)
        assert first["hands"] == second["hands"], f"deal {seed} differs between the two hands"
        for record in (first, second):
            del record["hands"]
            print(json.dumps(record, separators=(",", ":")), flush=True)


if __name__ == "__main__":
    main()
