"""Ratings: OpenSkill's Plackett-Luce model (Weng-Lin), which rates teams and any
number of sides, over every group match. Each rated entity keeps a mu (the skill) and a
sigma (how unsure that is); what people see is the conservative rating mu − 3·sigma,
shown as `round((mu − 3·sigma) × 40) + 1000`: everyone starts at 1000, and a rating
rises as it grows surer and better.

Rated, in two scopes, the group's and everywhere (`None`): each person, each Kozel pair
of two people (order-independent), and each bot level ("Bot (hard)"): a bot seat plays
with its level's rating. Only matches at a table are rated: a group's, and an
invitation's, whose table is a message posted in some chat and which is rated
everywhere only (it has no group). Direct games are not: a person alone against one
level would move that level's rating by whoever plays it most.

Pure: what a match changes is a `Plan` of mu and sigma changes, computed from the
ratings before it; the store fixes the plan once and applies it once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from statistics import fmean

from openskill.models import PlackettLuce

from core.events import MatchResult
from core.players import Level

MODEL = PlackettLuce()
MU = MODEL.mu  # 25
SIGMA = MODEL.sigma  # 25 / 3: a new entity's conservative rating is 0, shown as 1000
SCALE = 40
BASE = 1000

Scope = int | None  # a group's chat id, or None: everywhere
Occupant = int | Level  # a seat's person (user id) or bot level


@dataclass(frozen=True, slots=True)
class Rating:
    """An entity's rating; `rated`: how many matches made it."""

    mu: float = MU
    sigma: float = SIGMA
    rated: int = 0

    @property
    def shown(self) -> int:
        """The conservative rating, as people see it (see the module's doc)."""
        return shown(self.mu, self.sigma)


def shown(mu: float, sigma: float) -> int:
    return round((mu - 3 * sigma) * SCALE) + BASE


@dataclass(frozen=True, slots=True, order=True)
class PersonKey:
    user_id: int
    scope: Scope


@dataclass(frozen=True, slots=True, order=True)
class PairKey:
    """Two partners: `first` has the lower user id."""

    first: int
    second: int
    scope: Scope


@dataclass(frozen=True, slots=True)
class LevelKey:
    level: Level
    scope: Scope


Entity = PersonKey | PairKey | LevelKey


@dataclass(frozen=True, slots=True)
class Table:
    """A finished match at a table as the ratings see it: its group (None: an
    invitation's, rated everywhere only), each seat's occupant and side (its team in
    Kozel, else itself), and each side's place (0 first; equal places tie)."""

    group: int | None
    seats: tuple[Occupant, ...]
    sides: tuple[int, ...]
    places: tuple[int, ...]
    teams: bool

    @property
    def scopes(self) -> tuple[Scope, ...]:
        """Where the match is rated: everywhere, and in its group if it has one."""
        return (None,) if self.group is None else (None, self.group)

    def entities(self) -> list[Entity]:
        """Every entity the match rates (whose rating the plan needs)."""
        found: list[Entity] = []
        for scope in self.scopes:
            found += [_entity(o, scope) for o in dict.fromkeys(self.seats)]
            found += [pair for pair in self.pair_keys(scope) if pair is not None]
        return found

    def pair_keys(self, scope: Scope) -> list[PairKey | None]:
        """Each side's pair of people (Kozel), None for a side with a bot."""
        pairs: list[PairKey | None] = []
        for side in range(len(self.places)):
            members = [o for o, s in zip(self.seats, self.sides, strict=True) if s == side]
            people = sorted(m for m in members if not isinstance(m, Level))
            pairs.append(PairKey(people[0], people[1], scope) if len(people) == 2 else None)
        return pairs


def places_of(result: MatchResult, teams: bool) -> tuple[int, ...]:
    """Each side's place: Kozel, the winners 0 and the goats 1; draw and block games,
    the winner 0, then the others by their scores, equal scores tied."""
    if teams:
        return tuple(0 if side == result.winner else 1 for side in range(len(result.scores)))
    others = sorted({s for seat, s in enumerate(result.scores) if seat != result.winner})[::-1]
    return tuple(
        0 if seat == result.winner else 1 + others.index(score)
        for seat, score in enumerate(result.scores)
    )


def table_of(
    group: int | None, seats: Sequence[Occupant], side_of: Callable[[int], int], result: MatchResult
) -> Table:
    teams = len(result.scores) < len(seats)
    return Table(
        group,
        tuple(seats),
        tuple(side_of(seat) for seat in range(len(seats))),
        places_of(result, teams),
        teams,
    )


@dataclass(frozen=True, slots=True)
class Change:
    """What a match adds to an entity's mu and sigma."""

    mu: float
    sigma: float


@dataclass(frozen=True, slots=True)
class Told:
    """A person's rating after the match, and how much it moved (shown): in the group,
    or everywhere for a match with no group."""

    seat: int
    rating: int
    change: int


@dataclass(frozen=True, slots=True)
class Plan:
    changes: Mapping[Entity, Change]
    told: tuple[Told, ...]


def _entity(occupant: Occupant, scope: Scope) -> PersonKey | LevelKey:
    if isinstance(occupant, Level):
        return LevelKey(occupant, scope)
    return PersonKey(occupant, scope)


def plan(table: Table, ratings: Mapping[Entity, Rating]) -> Plan:
    """What the match changes, from the ratings before it (a missing one is new)."""
    changes: dict[Entity, Change] = {}
    for scope in table.scopes:
        changes |= _people(table, scope, ratings)
        if table.teams:
            changes |= _pairs(table, scope, ratings)
    told = []
    for seat, occupant in enumerate(table.seats):
        if not isinstance(occupant, Level):
            key = PersonKey(occupant, table.group)
            before = ratings.get(key, Rating())
            change = changes[key]
            after = shown(before.mu + change.mu, before.sigma + change.sigma)
            told.append(Told(seat, after, after - before.shown))
    return Plan(changes, tuple(told))


def apply(ratings: dict[Entity, Rating], moves: Plan) -> None:
    """`moves` added to ratings kept in memory, as the store adds them to its own (a
    league of bots, or a test, rates match after match this way)."""
    for entity, change in moves.changes.items():
        old = ratings.get(entity, Rating())
        ratings[entity] = Rating(old.mu + change.mu, old.sigma + change.sigma, old.rated + 1)


def _people(table: Table, scope: Scope, ratings: Mapping[Entity, Rating]) -> dict[Entity, Change]:
    """Each seat plays with its entity's rating. Two seats of one bot level play with
    the same rating, and the level moves once, by the mean of its seats' moves: a match
    is one observation of the level however many seats it held (moving it once per seat
    would make a match with three hard bots count three times, and shrink its sigma
    three times). A Kozel team of two bots of a level is that team, its two seats with
    one rating: both move alike."""
    entities = [_entity(o, scope) for o in table.seats]
    before = [ratings.get(e, Rating()) for e in entities]
    teams = [
        [
            MODEL.rating(mu=r.mu, sigma=r.sigma)
            for r, s in zip(before, table.sides, strict=True)
            if s == side
        ]
        for side in range(len(table.places))
    ]
    rated = MODEL.rate(teams, ranks=[float(p) for p in table.places])
    after = iter(r for team in rated for r in team)
    seats_by_side = sorted(range(len(entities)), key=lambda seat: table.sides[seat])
    moved: dict[Entity, list[Change]] = defaultdict(list)
    for seat in seats_by_side:
        new, old = next(after), before[seat]
        moved[entities[seat]].append(Change(new.mu - old.mu, new.sigma - old.sigma))
    return {e: Change(fmean(c.mu for c in m), fmean(c.sigma for c in m)) for e, m in moved.items()}


def _pairs(table: Table, scope: Scope, ratings: Mapping[Entity, Rating]) -> dict[Entity, Change]:
    """Kozel: each team is one side. A pair of people plays with its pair's rating; a
    team with a bot stands in at its two seats' mean rating (their own, in this scope)
    and is not moved: a pair is measured against the teams it meets."""
    pairs = table.pair_keys(scope)
    if all(p is None for p in pairs):
        return {}
    sides = []
    for side, pair in enumerate(pairs):
        if pair is not None:
            rating = ratings.get(pair, Rating())
        else:
            members = [
                ratings.get(_entity(o, scope), Rating())
                for o, s in zip(table.seats, table.sides, strict=True)
                if s == side
            ]
            rating = Rating(fmean(r.mu for r in members), fmean(r.sigma**2 for r in members) ** 0.5)
        sides.append([MODEL.rating(mu=rating.mu, sigma=rating.sigma)])
    rated = MODEL.rate(sides, ranks=[float(p) for p in table.places])
    changes: dict[Entity, Change] = {}
    for pair, new, old in zip(pairs, rated, sides, strict=True):
        if pair is not None:
            changes[pair] = Change(new[0].mu - old[0].mu, new[0].sigma - old[0].sigma)
    return changes
