"""Information Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse, IEEE TCIAIG
2012, single-observer): one tree over the moves as the deciding seat sees them, a new
deal of the unseen tiles for every iteration, statistics shared across the deals.

Unlike judging each sampled deal as if every hand were seen (perfect-information Monte
Carlo, the hard level), a node's value is the mean over all the deals that reached it,
so a move is not credited with a later choice that only a seer of that deal would make
(strategy fusion). The deals are drawn from the hard level's weighted samples (hand
sizes, proven voids and the likelihood of the others' plays); each iteration walks the
tree by UCB among the moves legal in its deal (counting availability, as the paper
does), adds one node, plays the hand out with the play-out policy, and scores the end
with the match in view.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from dataclasses import dataclass, field

from core.bits import BIT, HIGH, LOW, SUIT
from core.engine import Move
from core.players.hard import Clock, HardPlayer, Sample
from core.players.knowledge import ends_after, infer
from core.players.outcome import Scorer, scorer_for
from core.players.sim import SMART, placements, playout
from core.views import SeatView

PASS = -1
Option = tuple[int, int, int, int]  # the action, the tile's bit, the ends after it


class Node:
    """What the iterations that went through one move learned: `total` is the sum of
    their values for the seat that made the move."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict[int, Node] = {}


def action_of(tile_index: int, left: int, right: int) -> int:
    """A move as the tree knows it: the tile and the ends it leaves (public, so the same
    move in every deal)."""
    return tile_index * 64 + left * 8 + right


@dataclass
class IsmctsPlayer:
    """`iterations` is the deterministic effort; `clock` and `time_cap` a safety net only.
    `exploration`: UCB's constant, in the scorer's units."""

    iterations: int = 4000
    pool: int = 400  # weighted deals drawn once per decision, each iteration picks one
    exploration: float = 0.7
    policy: int = SMART
    sampler: HardPlayer = field(default_factory=HardPlayer)
    # Few tiles left and nothing to draw: the sampler's exact search on each deal decides
    # instead (hidden hands are nearly known by then, and play-outs judge worse).
    endgame: bool = False
    clock: Clock | None = None
    time_cap: float = 0.9

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        moves = list(view.legal_moves)
        if len(moves) == 1:
            return moves[0]
        if self.endgame and self.sampler.searches_exactly(view):
            return self.sampler.choose(view, rng)
        values = self.visits(view, rng)
        best = max(range(len(moves)), key=lambda k: (values[k], -k))
        return moves[best]

    def visits(self, view: SeatView, rng: random.Random) -> list[float]:
        """Each legal move's visits after the search (in `view.legal_moves` order), a
        tiny share of its mean added to break ties."""
        root, options = self.search(view, rng)
        out = []
        for code, *_ in options:
            child = root.children.get(code)
            if child is None or not child.visits:
                out.append(0.0)
            else:
                out.append(child.visits + 1e-6 * child.total / child.visits)
        return out

    def search(self, view: SeatView, rng: random.Random) -> tuple[Node, list[Option]]:
        """The tree after the search, and the root's moves as tree options (in
        `view.legal_moves` order)."""
        root_options = []
        for tile, end in view.legal_moves:
            left, right = ends_after(view, tile, end)
            code = action_of(BIT[tile].bit_length() - 1, left, right)
            root_options.append((code, BIT[tile], left, right))
        samples = self.sampler.sample(infer(view), rng, self.pool)
        cumulative = list(itertools.accumulate(s.weight for s in samples))
        score = scorer_for(view)
        root = Node()
        clock = self.clock
        deadline = clock() + self.time_cap if clock is not None else math.inf
        for n in range(self.iterations):
            pick = bisect.bisect_left(cumulative, rng.random() * cumulative[-1])
            sample = samples[min(pick, len(samples) - 1)]
            self._iterate(view, root, root_options, sample, score, rng)
            if clock is not None and n % 64 == 63 and clock() > deadline:
                break  # the safety net: the counted effort alone decides otherwise
        return root, root_options

    def _iterate(
        self,
        view: SeatView,
        root: Node,
        root_options: list[Option],
        sample: Sample,
        score: Scorer,
        rng: random.Random,
    ) -> None:
        me, n = view.seat, view.n_players
        teams = view.has_teams
        draws = view.boneyard_size > 0
        hands = list(sample.hands)
        rest = list(sample.rest)
        if draws:
            rng.shuffle(rest)
        path: list[tuple[Node, int]] = []  # (node, the seat that made its move)
        node = root
        options = root_options  # the root: the view's own moves
        seat = me
        last, passes = -1, 0
        left = right = 0
        expanded = False
        while True:
            for code, *_ in options:
                child = node.children.get(code)
                if child is not None:
                    child.avail += 1
            untried = [o for o in options if o[0] not in node.children]
            if untried:
                option = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = Node()
                node.children[option[0]] = child
                expanded = True
            else:
                option = self._ucb(node, options)
                child = node.children[option[0]]
            path.append((child, seat))
            code, bit, new_left, new_right = option
            if code == PASS:
                passes += 1
            else:
                passes = 0
                hands[seat] &= ~bit
                left, right = new_left, new_right
                last = seat
            node = child
            if code != PASS and not hands[seat]:
                value = score(hands, seat, True)
                break
            if passes >= n:
                value = score(hands, me if last < 0 else last, False)
                break
            seat = (seat + 1) % n
            if expanded:
                end, domino = playout(hands, rest, left, right, seat, draws, self.policy, teams)
                end = last if end < 0 else end  # nobody laid a tile in the play-out
                value = score(hands, me if end < 0 else end, domino)
                break
            options = _options(hands, rest, seat, left, right, draws)
        mine = me % 2 if teams else me
        for visited, mover in path:
            side = mover % 2 if teams else mover
            visited.visits += 1
            visited.total += value if side == mine else -value

    def _ucb(self, node: Node, options: list[Option]) -> Option:
        best, best_value = options[0], -math.inf
        c = self.exploration
        for option in options:
            child = node.children[option[0]]
            mean = child.total / child.visits
            value = mean + c * math.sqrt(math.log(child.avail) / child.visits)
            if value > best_value:
                best, best_value = option, value
        return best


def _options(
    hands: list[int], rest: list[int], seat: int, left: int, right: int, draws: bool
) -> list[Option]:
    """The moves of `seat` in this deal, drawing first while it cannot follow (R5):
    (action, tile bit, ends after); a pass alone when it can do nothing."""
    hand = hands[seat]
    fits = SUIT[left] | SUIT[right]
    playable = hand & fits
    if not playable and draws:
        while rest:
            bit = rest.pop()
            hand |= bit
            if bit & fits:
                playable = bit
                break
        hands[seat] = hand
    if not playable:
        return [(PASS, 0, left, right)]
    out = []
    m = playable
    while m:
        bit = m & -m
        m ^= bit
        i = bit.bit_length() - 1
        for new_left, new_right in placements(LOW[i], HIGH[i], left, right):
            out.append((action_of(i, new_left, new_right), bit, new_left, new_right))
    return out
