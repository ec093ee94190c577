"""The engine: deal, lead, play, draw, pass, score. `Match.play` is the checked entry
point for untrusted input; everything forced is done by the engine on its own."""

from __future__ import annotations

import bisect
import dataclasses
import random
from typing import Any, Final

from core.bits import bit_of, mask_of
from core.deal import (
    SECRET_BYTES,
    Deal,
    Dealer,
    ScriptedDealer,
    SecretDealer,
    SeededDealer,
    dealer_from_dict,
)
from core.errors import ErrorCode, GameError
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
from core.line import End, Line, Move
from core.rules import VariantRules, rules_for
from core.state import Decision, MatchState, Phase
from core.tables import fitting, known_moves, moves_of, placement
from core.tiles import Tile
from core.variants import DEFAULT_TARGET, Settings, Variant

__all__ = ["MAX_REDEALS", "Match", "Move"]

# R2.3 redeals are rare (about 1 deal in 60); this only stops a bad dealer.
MAX_REDEALS: Final = 10_000

# Module constants are Final: the compiled build keeps them in C variables, and neither
# build looks an enum member up (a slow attribute lookup) on every move.
_LEFT: Final = End.LEFT
_RIGHT: Final = End.RIGHT
_CHOICE: Final = PlayKind.CHOICE
_FORCED_LEAD: Final = PlayKind.FORCED_LEAD
_AUTO: Final = PlayKind.AUTO
_PLAYING: Final = Phase.PLAYING
_HAND_OVER: Final = Phase.HAND_OVER
_MATCH_OVER: Final = Phase.MATCH_OVER


class Match:
    """A match in progress. Mutable, like a chess board: `play` and `next_hand`
    change it and return the events that happened."""

    __slots__ = ("_draws", "_held", "_masks", "_moves", "_n", "rules", "state")

    def __init__(self, state: MatchState) -> None:
        self.state = state
        self.rules: VariantRules = rules_for(state.settings.variant)
        self._n = state.settings.n_players
        self._draws = state.settings.draws
        # Each hand as a bitmask (`core.bits`), and their union: who can play, and
        # whether the hand is blocked (R6.2), each in one AND instead of a scan.
        self._masks = [mask_of(h) for h in state.hands]
        self._held = _union(self._masks)
        self._moves: tuple[Move, ...] | None = None  # of the current position, once asked

    # -- creation -----------------------------------------------------------------

    @classmethod
    def new(
        cls,
        variant: Variant | str,
        n_players: Any,  # untrusted input: checked by `Settings`, refused with GameError
        target: Any = DEFAULT_TARGET,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        deals: list[Deal] | None = None,
        dealer: Dealer | None = None,
        secret: bytes | None = None,
    ) -> tuple[Match, list[Event]]:
        """Create a match and deal its first hand.

        Deals come from exactly one source: a `random.Random` (a seed is drawn from
        it), a seed, an explicit list of deals (Kozel: rejected ones included, in
        order), any `Dealer`, or a match secret of `SECRET_BYTES` bytes (each hand's
        deal then checkable from its own key, see `core.fair`).
        """
        sources = [s for s in (rng, seed, deals, dealer, secret) if s is not None]
        if len(sources) != 1:
            raise GameError(
                ErrorCode.BAD_SETTINGS, "give exactly one of rng, seed, deals, dealer, secret"
            )
        try:
            kind = variant if type(variant) is Variant else Variant(variant)
            settings = Settings(kind, n_players, target)
        except (TypeError, ValueError) as exc:  # TypeError: the compiled build's own check
            if isinstance(exc, GameError):
                raise
            raise GameError(ErrorCode.BAD_SETTINGS, str(exc)) from exc
        if rng is not None:
            dealer = SeededDealer(rng.getrandbits(63))
        elif seed is not None:
            dealer = SeededDealer(seed)
        elif deals is not None:
            dealer = ScriptedDealer(list(deals))
        elif secret is not None:
            if len(secret) != SECRET_BYTES:
                raise GameError(ErrorCode.BAD_SETTINGS, f"a match secret is {SECRET_BYTES} bytes")
            dealer = SecretDealer(secret)
        assert dealer is not None
        state = MatchState(settings=settings, dealer=dealer, scores=[0] * settings.n_sides)
        match = cls(state)
        return match, match._deal_hand()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        """Rebuild a match from `to_dict`'s output (schema-checked)."""
        return cls(MatchState.from_dict(data))

    def to_dict(self) -> dict[str, Any]:
        """The whole state as a JSON-compatible dict, with a schema version."""
        return self.state.to_dict()

    def copy(self) -> Match:
        """An independent copy (through the serialised form, so nothing is shared)."""
        return Match.from_dict(self.to_dict())

    # -- what anyone may ask --------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self.state.settings

    @property
    def turn(self) -> int | None:
        """The seat expected to decide, or None when no decision is awaited."""
        return self.state.turn if self.state.phase is _PLAYING else None

    @property
    def hand_over(self) -> bool:
        return self.state.phase is not _PLAYING

    @property
    def match_over(self) -> bool:
        return self.state.phase is _MATCH_OVER

    @property
    def last_result(self) -> HandResult | None:
        return self.state.results[-1] if self.state.results else None

    @property
    def match_result(self) -> MatchResult | None:
        return self.state.match_result

    def end_number(self, end: End) -> int:
        """The number shown at `end` of the line."""
        return self.state.line.number_at(end)

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves of the seat to move: `(tile, end)`, one entry per distinct
        placement (R4.4), in hand order; `end` is None for a lead. Empty when no
        decision is due."""
        moves = self._moves
        if moves is None:
            moves = self._moves = self._legal()
        return moves

    def _legal(self) -> tuple[Move, ...]:
        s = self.state
        if s.phase is not _PLAYING or s.turn is None:
            return ()
        if s.pending_drawn is not None:  # R5.1: the drawn tile, at the end of choice
            return ((s.pending_drawn, _LEFT), (s.pending_drawn, _RIGHT))
        line = s.line
        if not line.chain:  # a free lead: any tile (R3.2, R3.4)
            return tuple(line.moves(s.hands[s.turn]))
        return moves_of(line, s.hands[s.turn], self._masks[s.turn])  # R4.1, R4.4

    # -- the checked entry point ---------------------------------------------------------

    def play(self, seat: Any, tile: Any, end: Any = None) -> list[Event]:
        """Apply one decision from untrusted input, or raise `GameError` and change
        nothing. `tile` is a `Tile` or `"a-b"`; `end` an `End`, `"left"`/`"right"`,
        or None when the tile has a single placement."""
        s = self.state
        # What `check` accepts first, without its call: a move on exact types (`type(...)
        # is` keeps look-alikes such as (True, 2) or a str subclass out). Anything else
        # takes `check`; a test holds the two paths to the same results.
        if (
            type(seat) is int
            and seat == s.turn
            and type(tile) is Tile
            and (end is None or type(end) is End)
            and s.pending_drawn is None
            and s.phase is _PLAYING
        ):
            move = placement(tile, end, s.line) if bit_of(tile) & self._masks[seat] else None
            if move is not None:
                return self._apply(seat, tile, move[1])
        tile, end = self.check(seat, tile, end)
        return self._apply(seat, tile, end)

    def check(self, seat: Any, tile: Any, end: Any = None) -> Move:
        """Validate a decision without applying it; returns the canonical move."""
        s = self.state
        if s.phase is _PLAYING and type(seat) is int and seat == s.turn:
            # `type(...) is` keeps look-alikes such as (True, 2) or a str subclass out.
            if type(tile) is not Tile:
                tile = _as_tile(tile)
            if end is not None and type(end) is not End:
                end = _as_end(end)
            if bit_of(tile) & self._masks[seat]:
                drawn = s.pending_drawn
                if drawn is None:
                    move = placement(tile, end, s.line)
                    if move is not None:
                        return move
                elif tile is drawn and end is not None:
                    return tile, end  # it fits both ends, which differ (R5.1)
        return self._refuse(seat, tile, end)

    def _refuse(self, seat: Any, tile: Any, end: Any) -> Move:
        """Say precisely why a decision that is not a legal move was refused."""
        s = self.state
        if s.phase is _MATCH_OVER:
            raise GameError(ErrorCode.MATCH_OVER, "the match is over")
        if s.phase is _HAND_OVER:
            raise GameError(ErrorCode.HAND_OVER, "the hand is over")
        if type(seat) is not int or not 0 <= seat < s.settings.n_players:
            raise GameError(ErrorCode.BAD_SEAT, f"no seat {seat!r}")
        if seat != s.turn:
            raise GameError(ErrorCode.NOT_YOUR_TURN, f"seat {s.turn} is to move, not {seat}")
        tile = _as_tile(tile)
        end = _as_end(end)
        if tile not in s.hands[seat]:
            raise GameError(ErrorCode.TILE_NOT_IN_HAND, f"seat {seat} does not hold {tile}")
        if s.pending_drawn is not None and tile != s.pending_drawn:
            raise GameError(ErrorCode.MUST_PLAY_DRAWN_TILE, f"the drawn {s.pending_drawn} is due")
        line = s.line
        if not line.placements(tile):
            raise GameError(ErrorCode.TILE_DOES_NOT_FIT, f"{tile} fits neither end")
        if end is None:
            raise GameError(ErrorCode.END_REQUIRED, f"{tile} fits both ends: choose one")
        raise GameError(
            ErrorCode.TILE_DOES_NOT_FIT,
            f"{tile} does not fit the {end.value} end ({line.number_at(end)})",
        )

    def next_hand(self) -> list[Event]:
        """Deal the next hand once the previous one is over."""
        if self.state.phase is _MATCH_OVER:
            raise GameError(ErrorCode.MATCH_OVER, "the match is over")
        if self.state.phase is not _HAND_OVER:
            raise GameError(ErrorCode.HAND_NOT_OVER, "the hand is still being played")
        return self._deal_hand()

    # -- the engine's own steps -------------------------------------------------------------

    def _apply(self, seat: int, tile: Tile, end: End | None) -> list[Event]:
        """Apply a checked decision (the fast path for trusted callers)."""
        s = self.state
        s.decisions.append(Decision(s.hand_no, seat, tile, end))
        s.pending_drawn = None
        events: list[Event] = []
        self._lay(seat, tile, end, _CHOICE, events)
        self._advance(seat, events)
        return events

    def _deal_hand(self) -> list[Event]:
        s = self.state
        settings = s.settings
        dealer = s.dealer
        # Hashed deals are whole, sorted and pure: neither checked nor saved beforehand.
        trusted = type(dealer) is SeededDealer or type(dealer) is SecretDealer
        dealer_before = None if trusted else dealer.to_dict()
        n_players, hand_size = settings.n_players, settings.hand_size
        events: list[Event] = []
        try:
            for attempt in range(MAX_REDEALS):
                deal = dealer.deal(s.hand_no + 1, attempt, n_players, hand_size)
                if not trusted:
                    deal.check(n_players, hand_size)
                misdeal = self.rules.misdeal(deal)
                if misdeal is None:
                    break
                events.append(Redealt(*misdeal))  # R2.3, R8.4
            else:
                raise GameError(ErrorCode.BAD_DEAL, "the dealer never produced a valid deal")
        except GameError:
            if dealer_before is not None:
                s.dealer = dealer_from_dict(dealer_before)  # a refused deal changes nothing
            raise
        s.hand_no += 1
        s.hands = [list(h) for h in deal.hands] if trusted else [sorted(h) for h in deal.hands]
        s.rest = list(deal.rest)
        s.line = Line()
        s.turn = None
        s.pending_drawn = None
        s.last_player = None
        s.phase = _PLAYING
        self._masks = masks = [mask_of(h) for h in s.hands]
        self._held = _union(masks)
        self._moves = None
        leader, forced_tile = self.rules.opening(s)
        events.insert(0, HandStarted(s.hand_no, leader))
        s.log = list(events)
        if forced_tile is None:
            s.turn = leader  # a free lead: the leader decides (R3.2, R3.4)
        else:
            self._lay(leader, forced_tile, None, _FORCED_LEAD, events)
            self._advance(leader, events)
        return events

    def _lay(
        self, seat: int, tile: Tile, end: End | None, kind: PlayKind, events: list[Event]
    ) -> None:
        s = self.state
        s.hands[seat].remove(tile)
        bit = bit_of(tile)
        self._masks[seat] ^= bit
        self._held ^= bit
        line = s.line
        line.attach(tile, end)
        s.last_player = seat
        self._moves = None
        event = Played(seat, tile, end, kind, (line.left, line.right))
        events.append(event)
        s.log.append(event)

    def _advance(self, seat: int, events: list[Event]) -> None:
        """After `seat` laid a tile: end the hand, or run the forced passes and draws
        until someone has a decision to make."""
        s = self.state
        masks = self._masks
        if not masks[seat]:
            self._end_hand(EndReason.DOMINO, events)  # R6.1, R7.1, R9.7
            return
        line = s.line
        left, right = line.left, line.right
        fits = fitting(left, right)
        n = self._n
        nxt = seat + 1 if seat + 1 < n else 0  # R2.1
        playable = masks[nxt] & fits
        if playable:  # the common case: the next seat can play
            s.turn = nxt
            self._moves = known_moves(left, right, playable)  # None: worked out when asked
            return
        if not (self._draws and s.rest) and not self._held & fits:
            self._end_hand(EndReason.BLOCKED, events)  # R6.2: at once
            return
        while True:
            if masks[nxt] & fits:
                s.turn = nxt
                return
            if self._draws and s.rest:
                drawn = self._draw_until_fit(nxt, left, right, fits, events)
                if drawn is not None:
                    placements = line.placements(drawn)
                    if len(placements) > 1:  # R5.1, R4.4: the drawer chooses the end
                        s.turn, s.pending_drawn = nxt, drawn
                        return
                    self._lay(nxt, drawn, placements[0], _AUTO, events)
                    self._advance(nxt, events)
                    return
                if not self._held & fits:  # R9.8: the last draw emptied the boneyard
                    self._end_hand(EndReason.BLOCKED, events)
                    return
            event = Passed(nxt, (left, right))  # R5.1, R5.3
            events.append(event)
            s.log.append(event)
            nxt = nxt + 1 if nxt + 1 < n else 0

    def _draw_until_fit(
        self, seat: int, left: int, right: int, fits: int, events: list[Event]
    ) -> Tile | None:
        """R5.1: draw one at a time until a tile fits; None if the boneyard ran out."""
        s = self.state
        hand = s.hands[seat]
        while s.rest:
            tile = s.rest.pop(0)
            bisect.insort(hand, tile)
            bit = bit_of(tile)
            self._masks[seat] |= bit
            self._held |= bit
            self._log(Drew(seat, tile, (left, right), len(s.rest)), events)
            if bit & fits:
                return tile
        return None

    def _log(self, event: Event, events: list[Event]) -> None:
        events.append(event)
        self.state.log.append(event)

    def _end_hand(self, reason: EndReason, events: list[Event]) -> None:
        s = self.state
        self._moves = None
        s.turn = None
        s.pending_drawn = None
        result = self.rules.end_hand(s, reason)
        match_result = self.rules.match_result(s)
        if match_result is not None:
            result = dataclasses.replace(result, next_leader=None)
            s.next_leader = None
            s.phase = _MATCH_OVER
        else:
            s.phase = _HAND_OVER
        s.results.append(result)
        s.match_result = match_result
        self._log(result, events)
        if match_result is not None:
            self._log(match_result, events)


def _union(masks: list[int]) -> int:
    held = 0
    for mask in masks:
        held |= mask
    return held


def _as_tile(raw: Any) -> Tile:
    if isinstance(raw, str):
        return Tile.parse(raw)
    if isinstance(raw, tuple) and len(raw) == 2 and all(type(x) is int for x in raw):
        return Tile.of(raw[0], raw[1])
    raise GameError(ErrorCode.BAD_TILE, f"not a tile: {raw!r}"[:60])


def _as_end(raw: Any) -> End | None:
    if raw is None or isinstance(raw, End):
        return raw
    if isinstance(raw, str):
        try:
            return End(raw)
        except ValueError:
            pass
    raise GameError(ErrorCode.BAD_END, f"not an end: {raw!r}"[:60])
