"""How a person's records lie in their Redis hash (see `bot.store.stats`): `name` (their
latest display name), counters named `<scope>:<counter>` (scope `all`, or a group's
chat id), Kozel pairs as `<scope>:pair:<partner's user id>:played|won` (in both
partners' hashes), and direct games as `direct:<variant>:<level>:played|won|lost`; what
a match adds to each person's hash, and a hash read back.

Ratings lie beside the counters: a person's as `<scope>:mu|sigma|rated`, a pair's as
`<scope>:pair:<partner>:mu|sigma` (in both hashes, moved alike), mu and sigma kept as
whole millionths away from a new rating's (a field never written is a new rating), so
that a match adds to them as to any counter."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.game.ratings import MU, SIGMA, Change, PairKey, PersonKey, Plan, Rating
from bot.game.stats import AgainstBots, Counters, PersonStats, Together
from bot.game.tally import Fact, FactKind, MatchTally
from core.players import Level
from core.variants import Variant

ALL = "all"
NAME = "name"
MICRO = 1_000_000  # a rating's mu and sigma are kept in millionths
PAIR_RATING = ("mu", "sigma")

PAIR_PLAYED = re.compile(r"([^:]+):pair:(\d+):played")
GROUP_PLAYED = re.compile(r"(-?\d+):played")
_VARIANTS = frozenset(v.value for v in Variant)
_LEVELS = frozenset(lv.value for lv in Level)


def scope_of(group: int | None) -> str:
    return ALL if group is None else str(group)


def _counter(scope: str, name: str) -> str:
    return f"{scope}:{name}"


def pair_field(scope: str, partner: int, name: str) -> str:
    return f"{scope}:pair:{partner}:{name}"


def _direct(variant: Variant, level: Level, name: str) -> str:
    return f"direct:{variant.value}:{level.value}:{name}"


@dataclass(slots=True)
class Share:
    """What a match adds to one person's hash, and the counts of it to file."""

    counters: dict[str, int] = field(default_factory=dict)
    filed: dict[str, str] = field(default_factory=dict)  # fact name -> field

    def add(self, name: str, by: int) -> None:
        if by:  # a counter never added to reads as 0: no field for it
            self.counters[name] = self.counters.get(name, 0) + by


def shares_of(tally: MatchTally, plan: Plan | None = None) -> dict[int, Share]:
    """Each person's share of the match, by user id, with their ratings' and their pairs'
    changes in `plan`."""
    shares: dict[int, Share] = {p.player.user_id: Share() for p in tally.people}
    for entity, change in (plan.changes if plan is not None else {}).items():
        if isinstance(entity, PersonKey) and entity.user_id in shares:
            _add_change(shares[entity.user_id], scope_of(entity.scope), change)
            shares[entity.user_id].add(_counter(scope_of(entity.scope), "rated"), 1)
        elif isinstance(entity, PairKey):
            ids = (entity.first, entity.second)
            for mine, mate in (ids, ids[::-1]):
                if mine in shares:
                    _add_change(shares[mine], pair_field(scope_of(entity.scope), mate, ""), change)
    scopes = [ALL] if tally.group is None else [ALL, scope_of(tally.group)]
    for person in tally.people:
        share = shares[person.player.user_id]
        for scope in scopes:
            for counter, by in person.counts.items():
                share.add(_counter(scope, counter), by)
        if tally.direct is not None:
            variant, level = tally.direct
            share.add(_direct(variant, level, "played"), 1)
            share.add(_direct(variant, level, "won" if person.won else "lost"), 1)
    for pair in tally.pairs:
        for me, partner in ((pair.first, pair.second), (pair.second, pair.first)):
            share = shares[me.user_id]
            for scope in scopes:
                share.add(pair_field(scope, partner.user_id, "played"), 1)
                share.add(pair_field(scope, partner.user_id, "won"), int(pair.won))
    for fact in tally.facts:
        shares[fact.players[0].user_id].filed[fact.name] = _fact_field(tally, fact)
    return shares


def _add_change(share: Share, prefix: str, change: Change) -> None:
    """`prefix`: the fields' start, `<scope>` or a pair's `<scope>:pair:<partner>:`."""
    joint = prefix if prefix.endswith(":") else prefix + ":"
    share.add(joint + "mu", round(change.mu * MICRO))
    share.add(joint + "sigma", round(change.sigma * MICRO))


def rating_of(values: Mapping[str, int]) -> Rating | None:
    """A rating from its fields (`mu`, `sigma`, `rated`); None when never rated."""
    if not values.get("rated") and "mu" not in values:
        return None
    return Rating(
        MU + values.get("mu", 0) / MICRO,
        SIGMA + values.get("sigma", 0) / MICRO,
        values.get("rated", 0),
    )


def _fact_field(tally: MatchTally, fact: Fact) -> str:
    """The counter, in the group's scope, that `fact` tells."""
    scope = scope_of(tally.group)
    if fact.kind is FactKind.PAIR_WINS:
        return pair_field(scope, fact.players[1].user_id, "won")
    return _counter(scope, "goats" if fact.kind is FactKind.GOATS else "won")


def partners_of(fields: Mapping[str, str]) -> set[int]:
    """The user ids of a person's Kozel partners, from their pair fields."""
    found = set()
    for name in fields:
        parts = name.split(":")
        if len(parts) == 4 and parts[1] == "pair":
            found.add(int(parts[2]))
    return found


def person_of(user_id: int, fields: Mapping[str, str], names: Mapping[int, str]) -> PersonStats:
    """A person's hash, read back (see the module's doc for its fields)."""
    scoped: dict[str, dict[str, int]] = defaultdict(dict)
    pairs: dict[str, dict[int, dict[str, int]]] = defaultdict(lambda: defaultdict(dict))
    direct: dict[tuple[str, str], dict[str, int]] = defaultdict(dict)
    for name, value in fields.items():
        parts = name.split(":")
        if len(parts) == 2:
            scoped[parts[0]][parts[1]] = int(value)
        elif len(parts) == 4 and parts[1] == "pair":
            pairs[parts[0]][int(parts[2])][parts[3]] = int(value)
        elif len(parts) == 4 and parts[0] == "direct":
            direct[(parts[1], parts[2])][parts[3]] = int(value)
    groups = {int(s): Counters.of(c) for s, c in scoped.items() if s != ALL}
    ratings = {
        None if scope == ALL else int(scope): rating
        for scope, values in scoped.items()
        if (rating := rating_of(values)) is not None
    }
    pair_ratings = {
        (None if scope == ALL else int(scope), partner): rating
        for scope, mates in pairs.items()
        for partner, values in mates.items()
        if (rating := rating_of(values)) is not None
    }
    partners = {
        None if scope == ALL else int(scope): tuple(
            Together(p, names.get(p, "?"), c.get("played", 0), c.get("won", 0))
            for p, c in sorted(mates.items())
        )
        for scope, mates in pairs.items()
    }
    against = tuple(
        AgainstBots(Variant(v), Level(lv), c.get("played", 0), c.get("won", 0))
        for (v, lv), c in sorted(direct.items())
        if v in _VARIANTS and lv in _LEVELS  # a variant or level no longer known is skipped
    )
    return PersonStats(
        user_id,
        fields.get(NAME, "?"),
        Counters.of(scoped.get(ALL, {})),
        groups,
        partners,
        against,
        ratings,
        pair_ratings,
    )
