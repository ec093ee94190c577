"""The records people argue about: each finished match counted once (the finisher's
keeper), a person's record (/stats), a group's top (/top), and the counts worth a line
at the end of a group's match. No Redis here: a `StatsRepository`.

What one match adds is `bot.game.tally`'s; this module reads the records back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Protocol

from bot.game import ratings
from bot.game.ratings import Rating
from bot.game.state import Finished, Game
from bot.game.tally import FactKind, MatchTally, Told, tally, worth_telling
from core.players import Level
from core.variants import Variant

# The winners' counts first, then the goats'.
_TOLD_ORDER = (FactKind.PAIR_WINS, FactKind.WINS, FactKind.GOATS)
MIN_MATCHES = 5  # a pair's win rate counts in /top from this many matches together
TOP_SIZE = 3  # people shown per list of /top
RATED_SHOWN = 10  # people and bot levels in /top's ratings


def percent(part: int, whole: int) -> int:
    """`part` of `whole` in whole percent (0 of nothing)."""
    return round(100 * part / whole) if whole else 0


@dataclass(frozen=True, slots=True)
class Counters:
    """A person's counters in one scope (see `bot.game.tally.COUNTERS`)."""

    played: int = 0
    won: int = 0
    lost: int = 0
    goats: int = 0
    dry_wins: int = 0
    dry_losses: int = 0
    fish: int = 0
    eggs: int = 0
    kozel_hands: int = 0
    written: int = 0
    hands: int = 0
    scored: int = 0

    @classmethod
    def of(cls, values: Mapping[str, int]) -> Counters:
        """From stored counters; unknown names are ignored."""
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in values.items() if k in known})

    @property
    def win_rate(self) -> int:
        """Matches won, in percent (rounded); 0 before any match."""
        return percent(self.won, self.played)

    @property
    def written_per_hand(self) -> float | None:
        """Kozel: points written to their team per hand played."""
        return self.written / self.kozel_hands if self.kozel_hands else None

    @property
    def scored_per_hand(self) -> float | None:
        """Draw and block games: points they scored per hand played."""
        return self.scored / self.hands if self.hands else None


@dataclass(frozen=True, slots=True)
class Together:
    """A Kozel pair as one of its two people sees it."""

    partner: int
    name: str
    played: int
    won: int

    @property
    def win_rate(self) -> int:
        return percent(self.won, self.played)


@dataclass(frozen=True, slots=True)
class AgainstBots:
    """A person's direct games of one variant against bots of one level."""

    variant: Variant
    level: Level
    played: int
    won: int


@dataclass(frozen=True, slots=True)
class PersonStats:
    """Everything kept about one person's matches. `groups` and `partners` by group
    chat id; `partners[None]` and `overall` count every match, direct games included."""

    user_id: int
    name: str
    overall: Counters
    groups: Mapping[int, Counters] = field(default_factory=dict)
    partners: Mapping[int | None, tuple[Together, ...]] = field(default_factory=dict)
    direct: tuple[AgainstBots, ...] = ()
    ratings: Mapping[int | None, Rating] = field(default_factory=dict)  # by group, None: all
    pair_ratings: Mapping[tuple[int | None, int], Rating] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Card:
    """A person's record in one scope: everywhere (`group` None) or in one group."""

    user_id: int
    name: str
    group: int | None
    counters: Counters
    partners: tuple[Together, ...]  # best first
    direct: tuple[AgainstBots, ...]  # only everywhere
    rating: Rating | None = None  # in the card's scope
    overall: Rating | None = None  # everywhere, on a group's card


@dataclass(frozen=True, slots=True)
class Pair:
    first: str
    second: str
    played: int
    won: int

    @property
    def win_rate(self) -> int:
        return percent(self.won, self.played)


@dataclass(frozen=True, slots=True)
class Standing:
    """A place in a group's ratings: a person (`name`) or a bot level (`level`)."""

    name: str
    rating: Rating
    level: Level | None = None


@dataclass(frozen=True, slots=True)
class Top:
    """A group's records: the ratings (from the first match; bot levels among them), the
    most goats, and the best pair (at least `MIN_MATCHES` together); `people`: how many
    have a record there."""

    people: int
    rated: tuple[Standing, ...]
    goats: tuple[tuple[str, int], ...]
    pair: Pair | None


class StatsRepository(Protocol):
    """Where the records live."""

    async def count(self, tally: MatchTally) -> bool:
        """Add the match, unless it was counted before (then False, nothing changes);
        the counts of `tally.facts` are filed with the match, in the same step."""
        ...

    async def told(self, game_id: str) -> tuple[Told, ...] | None:
        """The counts filed with a counted match; None while it is not counted."""
        ...

    async def person(self, user_id: int) -> PersonStats | None: ...

    async def ratings_told(self, game_id: str) -> tuple[ratings.Told, ...]:
        """The people's ratings after a counted group match, and their changes."""
        ...

    async def levels(self, group: int) -> dict[Level, Rating]:
        """The bot levels rated in group `group`."""
        ...

    async def people_of(self, chat_id: int) -> list[PersonStats]:
        """Everyone with a record in group `chat_id`."""
        ...


class Stats:
    """The use cases of the records."""

    def __init__(self, repository: StatsRepository) -> None:
        self._repository = repository

    async def keep(self, game: Game) -> None:
        """Count a finished match, once however many times it is handed (the finisher's
        keeper)."""
        if isinstance(game.state, Finished):
            await self._repository.count(tally(game))

    async def card(self, user_id: int, group: int | None) -> Card | None:
        """/stats: `user_id`'s record everywhere, or in `group`; None when they have none."""
        person = await self._repository.person(user_id)
        if person is None:
            return None
        counters = person.overall if group is None else person.groups.get(group)
        if counters is None or not counters.played:
            return None
        partners = sorted(person.partners.get(group, ()), key=lambda p: (-p.won, -p.played))
        direct = person.direct if group is None else ()
        overall = person.ratings.get(None)
        rating = person.ratings.get(group)
        return Card(user_id, person.name, group, counters, tuple(partners), direct, rating, overall)

    async def top(self, chat_id: int) -> Top:
        """/top: the group's records."""
        people = await self._repository.people_of(chat_id)
        scoped = [(p, p.groups.get(chat_id, Counters())) for p in people]
        rated = [Standing(p.name, r) for p in people if (r := p.ratings.get(chat_id)) is not None]
        levels = await self._repository.levels(chat_id)
        rated += [Standing(level.value, r, level) for level, r in levels.items()]
        rated.sort(key=lambda s: (-s.rating.shown, -s.rating.rated, s.name))
        goats = sorted(((p.name, c.goats) for p, c in scoped if c.goats), key=lambda g: -g[1])
        pairs = [
            Pair(p.name, mate.name, mate.played, mate.won)
            for p, _ in scoped
            for mate in p.partners.get(chat_id, ())
            if p.user_id < mate.partner and mate.played >= MIN_MATCHES
        ]
        best = max(pairs, key=lambda q: (q.won / q.played, q.won), default=None)
        return Top(len(people), tuple(rated[:RATED_SHOWN]), tuple(goats[:TOP_SIZE]), best)

    async def ratings_told(self, game: Game) -> tuple[ratings.Told, ...]:
        """The people's ratings in the group after its counted match `game`."""
        return await self._repository.ratings_told(game.game_id)

    async def told(self, game: Game) -> tuple[Told, ...] | None:
        """The counts worth a line at the end of `game` (a group's finished match); None
        while the match is not counted yet."""
        told = await self._repository.told(game.game_id)
        if told is None:
            return None
        ordered = sorted(told, key=lambda t: (_TOLD_ORDER.index(t.kind), t.seats))
        return tuple(t for t in ordered if worth_telling(t.count))
