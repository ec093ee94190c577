"""Hard: search over the hidden information.

Each decision samples deals of the unseen tiles consistent with everything the
seat knows (hand sizes, proven voids, the rest's size), weights each sample by
how likely the other seats' observed plays were under it (each seat's under a mixture
of ways of choosing, which its plays weigh; a Kozel partner's read as this player
itself plays, `self_model`), and scores every legal move across the same samples: by a
fast play-out, or by exact search once few tiles remain. The score is the hand's
outcome for the seat's side, with the match in view (Kozel: penalties, eggs, the rule
of 13, the goats' mark).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from core.bits import BIT, FULL, SUIT, VALUE
from core.engine import Move
from core.players.dealing import ConstrainedDealer
from core.players.knowledge import Knowledge, ObservedPlay, ends_after, infer
from core.players.outcome import KOZEL_MATCH, Scorer, scorer_for
from core.players.self_model import SelfModel
from core.players.sim import SMART, playout, shuffled_bits
from core.players.solver import Solver
from core.views import SeatView

Clock = Callable[[], float]
# The ways another seat may be choosing its moves, mixed per seat (`HardPlayer.levels`):
# heavy first (a softmax over pips at `temperature`), and as these levels play
# (`SelfModel`). A seat's prior weights of them: (heavy first, as the levels).
HEAVY, LEVELS = 0, 1
Prior = tuple[float, float]


@dataclass(frozen=True, slots=True)
class _Seen:
    """A play seen, newest first, for the likelihood of a sample."""

    seat: int
    bit: int
    fit: int  # the tiles that could be laid then (all of them on a lead)
    value: int  # its pips
    read: bool  # a choice the seat made: it tells something of its hand
    play: ObservedPlay
    prepared: list[tuple[int, float, int, int, int, bool]]  # for `SelfModel`, when read by it


@dataclass(frozen=True, slots=True)
class Sample:
    hands: list[int]
    rest: list[int]  # the boneyard in a sampled draw order, or the out-of-play tiles
    weight: float


@dataclass
class HardPlayer:
    """`samples` is the deterministic effort control; `clock` and `time_cap` (seconds)
    are only a safety net for the caller that wants one (core reads no clock itself)."""

    samples: int = 200  # deals sampled per decision, each move played out on every one
    playouts: int = 1200  # play-outs per decision at most (samples x legal moves)
    # With `work`, play-outs times the tiles left (in hands and the boneyard), per
    # decision, instead: a short play-out costs less, so a late decision weighs more
    # deals in the same time.
    work: int = 0
    exact_samples: int = 64  # deals per decision once they are searched exactly
    candidates_per_sample: int = 2  # candidates drawn per kept sample, for the weighting
    temperature: float = 3.0  # how sharply others are assumed to prefer heavy tiles
    # The prior weight of an opponent choosing as these levels do, the rest heavy first;
    # its plays in the hand weigh the two anew on every sample (a mixture per seat).
    levels: float = 0.0
    exact_tiles: int = 14  # search each sample exactly once hands hold this many tiles or fewer
    exact_nodes: int = 3000  # positions per sample; over it, the sample is played out instead
    decision_nodes: int = 25_000  # positions per decision; once spent, samples are played out
    weighting: bool = True  # weight samples by the likelihood of the observed plays
    policy: int = SMART  # how every seat plays in the play-outs
    self_model: bool = False  # Kozel: read the partner's plays as the searching levels' own
    # Kozel: added to each move's value, times the move's logit under `SelfModel`, so that
    # of moves about as good, the one a partner reading us that way expects is played.
    signal: float = 0.0
    kozel_match: float = KOZEL_MATCH  # Kozel: the match's odds against the hand's result
    clock: Clock | None = None
    time_cap: float = 0.09

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        moves = list(view.legal_moves)
        if len(moves) == 1:
            return moves[0]
        return self.best_move(view, self.samples_for(view, rng))

    def best_move(self, view: SeatView, samples: list[Sample]) -> Move:
        """The legal move with the best weighted score across `samples`."""
        moves = list(view.legal_moves)
        totals, weight = self._totals(view, samples, scorer_for(view, self.kozel_match))
        if self.signal and view.has_teams and weight:
            know = infer(view)
            line = FULL & ~(know.unseen | know.own)
            logits = _SELF.scores(know.own, line, view.ends, know.lacks, view.seat)
            for k, (tile, end) in enumerate(moves):
                option = (BIT[tile].bit_length() - 1, *ends_after(view, tile, end))
                totals[k] += weight * self.signal * logits.get(option, 0.0)
        best = max(range(len(moves)), key=lambda k: (totals[k], -k))
        return moves[best]

    def evaluate(self, view: SeatView, samples: list[Sample], score: Scorer) -> list[float]:
        """Each legal move's mean `score` across `samples`, weighted by their
        likelihood (in the order of `view.legal_moves`)."""
        totals, weight = self._totals(view, samples, score)
        return [total / weight for total in totals] if weight else totals

    def _totals(
        self, view: SeatView, samples: list[Sample], score: Scorer
    ) -> tuple[list[float], float]:
        moves = list(view.legal_moves)
        deadline = self.clock() + self.time_cap if self.clock else None
        totals = [0.0] * len(moves)
        weight = 0.0
        exact = self.searches_exactly(view)
        nodes_left = self.decision_nodes
        for sample in samples:
            values = None
            if exact and nodes_left > 0:
                budget = min(self.exact_nodes, nodes_left)
                values, used = self._solve_all(view, sample, moves, score, budget)
                nodes_left -= used
            if values is None:
                values = [self._play_out(view, sample, move, score) for move in moves]
            for k, value in enumerate(values):
                totals[k] += sample.weight * value
            weight += sample.weight
            if deadline is not None and self.clock is not None and self.clock() > deadline:
                break
        return totals, weight

    def samples_for(self, view: SeatView, rng: random.Random) -> list[Sample]:
        """The deals one decision weighs its moves on (more when it searches exactly)."""
        moves = len(view.legal_moves)
        if self.searches_exactly(view):
            count = self.exact_samples
        elif self.work:  # a play-out may lay every tile in hands and the boneyard
            tiles = sum(view.hand_sizes) + view.boneyard_size
            count = max(self.exact_samples, min(self.samples, self.work // (moves * tiles)))
        else:  # many legal moves (a lead, a long draw) spread the same effort thinner
            count = max(self.exact_samples, min(self.samples, self.playouts // max(moves, 1)))
        return self.sample(infer(view), rng, count)

    def searches_exactly(self, view: SeatView) -> bool:
        """Few enough tiles in hands, and nothing to draw: search every sample exactly."""
        return view.boneyard_size == 0 and sum(view.hand_sizes) <= self.exact_tiles

    # -- sampling ------------------------------------------------------------------------

    def sample(self, know: Knowledge, rng: random.Random, count: int) -> list[Sample]:
        """Deals of the unseen tiles consistent with the view; when others' plays
        were observed, the most likely of several candidates, weighted by likelihood."""
        priors = self._priors(know)
        evidence = self._evidence(know, priors) if self.weighting else []
        dealer = ConstrainedDealer(know)
        if not evidence:
            return [self._finish(know, dealer.deal(rng), 1.0, rng) for _ in range(count)]
        drawn = [dealer.deal(rng) for _ in range(count * self.candidates_per_sample)]
        logs = [self._seat_logs(evidence, priors, hands) for hands in drawn]
        weighted = sorted(
            (
                (sum(_mixed(p, seat) for p, seat in zip(priors, each, strict=True) if p), i)
                for i, each in enumerate(logs)
            ),
            reverse=True,
        )[:count]
        top = weighted[0][0]
        return [self._finish(know, drawn[i], math.exp(lp - top), rng) for lp, i in weighted]

    @staticmethod
    def _finish(know: Knowledge, hands: list[int], weight: float, rng: random.Random) -> Sample:
        rest_mask = know.unseen
        for seat, hand in enumerate(hands):
            if seat != know.seat:
                rest_mask &= ~hand
        return Sample(hands, shuffled_bits(rest_mask, rng), weight)

    def _priors(self, know: Knowledge) -> list[Prior | None]:
        """Per seat, the prior weights of its ways of choosing; None for the seat itself."""
        others = (1.0 - self.levels, self.levels)
        partner = (know.seat + 2) % 4 if self.self_model and know.teams else -1
        return [
            None if seat == know.seat else (0.0, 1.0) if seat == partner else others
            for seat in range(know.n_players)
        ]

    def _evidence(self, know: Knowledge, priors: list[Prior | None]) -> list[_Seen]:
        """The plays seen, newest first (read under each seat's `priors`); empty when
        none of them tells anything."""
        out = []
        for play in reversed(know.plays):
            prior = priors[play.seat]
            read = prior is not None and (play.informative or play.chosen_lead)
            ends = play.ends_before
            fit = FULL if ends is None else SUIT[ends[0]] | SUIT[ends[1]]
            prepared = _SELF.prepare(play) if read and prior and prior[LEVELS] else []
            out.append(_Seen(play.seat, BIT[play.tile], fit, play.tile.value, read, play, prepared))
        if not any(seen.read for seen in out):
            return []
        return out

    def _seat_logs(
        self,
        evidence: list[_Seen],
        priors: list[Prior | None],
        hands: list[int],
    ) -> list[list[float]]:
        """Per seat, log P(its observed plays | the deal `hands`) under each of its ways
        of choosing (`HEAVY`, `LEVELS`) that its prior weighs."""
        held = list(hands)
        logs = [[0.0, 0.0] for _ in held]
        heavy = _exp_table(self.temperature)
        inv_t = 1.0 / self.temperature
        for seen in evidence:
            held[seen.seat] |= seen.bit  # going back in time, the tile returns to the hand
            if not seen.read:
                continue
            prior = priors[seen.seat]
            assert prior is not None
            acc = logs[seen.seat]
            if prior[HEAVY]:
                soft = 0.0
                playable = held[seen.seat] & seen.fit
                while playable:
                    low = playable & -playable
                    soft += heavy[low.bit_length() - 1]
                    playable ^= low
                acc[HEAVY] += seen.value * inv_t - math.log(soft)
            if prior[LEVELS]:
                acc[LEVELS] += _SELF.log_likelihood(held[seen.seat], seen.play, seen.prepared)
        return logs

    # -- evaluation -------------------------------------------------------------------------

    def _solve_all(
        self, view: SeatView, sample: Sample, moves: list[Move], score: Scorer, budget: int
    ) -> tuple[list[float] | None, int]:
        """Exact values of every move on one sample (one search table for all of
        them), or None when the node budget runs out: then every move of the sample
        is played out instead, so that all are judged alike. Also returns the
        positions searched."""
        me, n = view.seat, view.n_players
        solver = Solver(score, n, me, teams=view.has_teams, budget=budget)
        values = []
        for tile, end in moves:
            hands = list(sample.hands)
            hands[me] &= ~BIT[tile]
            if not hands[me]:
                values.append(score(hands, me, True))
                continue
            left, right = ends_after(view, tile, end)
            value = solver.solve(hands, left, right, (me + 1) % n, me)
            if value is None:
                return None, budget
            values.append(value)
        return values, budget - solver.budget

    def _play_out(self, view: SeatView, sample: Sample, move: Move, score: Scorer) -> float:
        tile, end = move
        me = view.seat
        hands = list(sample.hands)
        hands[me] &= ~BIT[tile]
        if not hands[me]:
            return score(hands, me, True)
        left, right = ends_after(view, tile, end)
        rest = list(sample.rest)
        draws = view.boneyard_size > 0
        n = view.n_players
        last, domino = playout(
            hands, rest, left, right, (me + 1) % n, draws, self.policy, view.has_teams
        )
        return score(hands, me if last < 0 else last, domino)


_SELF = SelfModel()


def _mixed(prior: Prior, logs: list[float]) -> float:
    """log of the prior-weighted sum of the likelihoods exp(`logs`)."""
    heavy, levels = prior
    if not levels:  # one way of choosing (hard's every seat): no sum to take
        return math.log(heavy) + logs[HEAVY]
    if not heavy:
        return math.log(levels) + logs[LEVELS]
    return _log_sum([math.log(heavy) + logs[HEAVY], math.log(levels) + logs[LEVELS]])


def _log_sum(terms: list[float]) -> float:
    """log(sum(exp(terms)))."""
    top = max(terms)
    if top == -math.inf:
        return top
    return top + math.log(sum(math.exp(t - top) for t in terms))


@functools.cache
def _exp_table(temperature: float) -> tuple[float, ...]:
    return tuple(math.exp(v / temperature) for v in VALUE)
