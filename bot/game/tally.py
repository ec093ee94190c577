"""What one finished match adds to the records people argue about: for each person at
the table when it ended, for each Kozel pair of two people, and the counts the group
may be told of (a pair's wins together, a person's goats or wins there).

Pure: it reads the engine's results (each hand's winner, points, fish and eggs, the
match's winner, goats and dry win) and never applies a rule of its own.

Who counts: the people holding a seat when the match ends. A person whose seat a bot
keeps while they are away (their time ran out twice) still holds it and counts; a
person who left with /leave, or blocked the bot, gave the seat up and does not; one
who took a bot's seat mid-match counts for the whole match. Bots count for nobody.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from bot.game.kinds import GROUP
from bot.game.ratings import Occupant, Table, table_of
from bot.game.seats import BotSeat, holder
from bot.game.state import Finished, Game
from core.events import EndReason, HandResult, MatchResult
from core.players import Level
from core.variants import Variant

# Every counter kept per person, overall and per group. Kozel: `goats` (R7.6),
# `dry_wins`, `dry_losses` (R7.7), the fish (R7.2) and eggs (R7.3) they made (their
# tile blocked the hand), and the points written to their team over `kozel_hands`.
# Draw and block games: the points they scored over `hands`.
COUNTERS = (
    "played",
    "won",
    "lost",
    "goats",
    "dry_wins",
    "dry_losses",
    "fish",
    "eggs",
    "kozel_hands",
    "written",
    "hands",
    "scored",
)


@dataclass(frozen=True, slots=True)
class Player:
    """A person at the table when the match ended."""

    seat: int
    user_id: int
    name: str


@dataclass(frozen=True, slots=True)
class PersonTally:
    """What the match adds to one person's counters (each one of `COUNTERS`)."""

    player: Player
    counts: Mapping[str, int]
    won: bool


@dataclass(frozen=True, slots=True)
class PairTally:
    """Two people who were partners in Kozel; `first` has the lower user id."""

    first: Player
    second: Player
    won: bool


class FactKind(StrEnum):
    PAIR_WINS = "pair"  # a pair's wins together in the group
    GOATS = "goats"  # a person's times as the goats in the group
    WINS = "wins"  # a person's wins in the group (no partner of theirs was a person)


@dataclass(frozen=True, slots=True)
class Fact:
    """A count the group may be told of at the end of the match, read once the match
    is counted: about one person, or a pair (`players` in seat order)."""

    kind: FactKind
    players: tuple[Player, ...]

    @property
    def name(self) -> str:
        """How the count is filed with the match (`kind:seat[:seat]`)."""
        return ":".join([self.kind.value, *(str(p.seat) for p in self.players)])


@dataclass(frozen=True, slots=True)
class Told:
    """A count as the match left it: `seats` the people it is about."""

    kind: FactKind
    seats: tuple[int, ...]
    count: int

    @classmethod
    def parse(cls, name: str, count: int) -> Told | None:
        """The count filed as `name` (see `Fact.name`); None for anything else."""
        kind, *seats = name.split(":")
        try:
            return cls(FactKind(kind), tuple(int(s) for s in seats), count)
        except ValueError:
            return None


@dataclass(frozen=True, slots=True)
class MatchTally:
    """Everything one finished match adds. `group`: the group's chat id (None: an
    invitation's match, whose table is a message posted in some chat, or a direct game,
    whose results are also kept per variant and bot level in `direct`). `table`: the
    match as its ratings see it (None: a direct game, not rated)."""

    game_id: str
    group: int | None
    direct: tuple[Variant, Level] | None
    people: tuple[PersonTally, ...]
    pairs: tuple[PairTally, ...]
    facts: tuple[Fact, ...]
    table: Table | None = None


def worth_telling(count: int) -> bool:
    """A count the group hears about: the 3rd, the 5th, the 10th, then every 10th."""
    return count in (3, 5) or (count >= 10 and count % 10 == 0)


def players_at(game: Game) -> list[Player]:
    """The people holding a seat at the end, the away ones included (see the module)."""
    found = []
    for seat, occupant in enumerate(game.seats):
        person = holder(occupant)
        if person is not None:
            found.append(Player(seat, person.user_id, person.name))
    return found


def tally(game: Game) -> MatchTally:
    """What the finished match `game` adds to the records."""
    state = game.state
    if not isinstance(state, Finished):
        raise ValueError("only a finished match is counted")
    hands = game.public_view().results
    settings = game.settings
    kozel = settings.variant is Variant.KOZEL
    result = state.result
    side_of = state.match.settings.side_of  # a seat's team in Kozel (R2.2), else itself
    players = players_at(game)
    people = tuple(_person(p, side_of(p.seat), result, hands, kozel) for p in players)
    pairs: list[PairTally] = []
    if kozel:
        for a in players:
            for b in players:
                if a.seat < b.seat and side_of(a.seat) == side_of(b.seat):
                    first, second = sorted((a, b), key=lambda p: p.user_id)
                    pairs.append(PairTally(first, second, result.winner == side_of(a.seat)))
    if game.kind is GROUP and game.inline_message_id is not None:
        # An invitation's table has no group: counted and rated under each person only.
        table = table_of(None, occupants(game), side_of, result)
        return MatchTally(game.game_id, None, None, people, tuple(pairs), (), table)
    if game.kind is GROUP:
        facts = _facts(people, pairs, result, side_of)
        table = table_of(game.chat_id, occupants(game), side_of, result)
        return MatchTally(game.game_id, game.chat_id, None, people, tuple(pairs), facts, table)
    direct = (settings.variant, settings.level)
    return MatchTally(game.game_id, None, direct, people, tuple(pairs), (), None)


def occupants(game: Game) -> list[Occupant]:
    """Who each seat is rated as: the person holding it (the away ones included, as
    for the records), else its bot's level (a seat given up with /leave: the bot that
    played it)."""
    held = {p.seat: p.user_id for p in players_at(game)}
    found: list[Occupant] = []
    for seat, occupant in enumerate(game.seats):
        if seat in held:
            found.append(held[seat])
        elif isinstance(occupant, BotSeat):
            found.append(occupant.level)
        else:
            raise ValueError("a finished match has every seat taken")
    return found


def _person(
    player: Player, side: int, result: MatchResult, hands: tuple[HandResult, ...], kozel: bool
) -> PersonTally:
    """`side`: the player's score side (their team in Kozel, else their seat), which the
    engine's results name as winner, goats and losers."""
    seat = player.seat
    won = result.winner == side
    counts = dict.fromkeys(COUNTERS, 0)
    counts.update(played=1, won=int(won), lost=int(not won))
    if kozel:
        counts["goats"] = int(result.goats == side)
        counts["dry_wins"] = int(won and result.dry)
        counts["dry_losses"] = int(not won and result.dry)
        for hand in hands:
            made = hand.reason is EndReason.BLOCKED and hand.last_player == seat
            counts["fish"] += int(made and hand.winner is not None)
            counts["eggs"] += int(made and hand.winner is None)
            # Only the losing team of a hand has points written (R7).
            if hand.winner is not None and hand.winner != side:
                counts["written"] += hand.points
        counts["kozel_hands"] = len(hands)
    else:
        counts["hands"] = len(hands)
        counts["scored"] = sum(h.points for h in hands if h.winner == seat)
    return PersonTally(player, counts, won)


def _facts(
    people: tuple[PersonTally, ...],
    pairs: list[PairTally],
    result: MatchResult,
    side_of: Callable[[int], int],
) -> tuple[Fact, ...]:
    facts = [
        Fact(FactKind.PAIR_WINS, tuple(sorted((p.first, p.second), key=lambda x: x.seat)))
        for p in pairs
        if p.won
    ]
    paired = {p.user_id for pair in pairs for p in (pair.first, pair.second)}
    for person in people:
        if result.goats is not None and result.goats == side_of(person.player.seat):
            facts.append(Fact(FactKind.GOATS, (person.player,)))
        elif person.won and person.player.user_id not in paired:
            facts.append(Fact(FactKind.WINS, (person.player,)))
    return tuple(facts)
