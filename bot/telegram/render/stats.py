"""The records as text: a person's card (/stats), a group's top (/top), and the line a
group is told after its match's result when a count is worth it (delivery's
epilogue: `RecordsLine`). Names are shortened, isolated and escaped."""

from __future__ import annotations

from bot.game.ratings import Told as RatingTold
from bot.game.state import Game
from bot.game.stats import MIN_MATCHES, Card, Standing, Stats, Top
from bot.game.tally import FactKind, Told, players_at
from bot.telegram.render.content import Content
from bot.telegram.render.game import table_name
from texts import Translate
from texts.render import variant_name

PARTNERS_SHOWN = 3  # a card's Kozel partners, most wins together first


def card_text(card: Card, name: str, group: str | None, t: Translate) -> str:
    """A person's record; `name` as the card is titled, `group` the group's title (HTML)
    when the card is that group's."""
    c = card.counters
    title = (
        t("stats-title", name=name)
        if group is None
        else t("stats-title-group", name=name, group=group)
    )
    lines = [title, t("stats-results", played=c.played, won=c.won, lost=c.lost, rate=c.win_rate)]
    lines += _rating_lines(card, t)
    if c.written_per_hand is not None:
        lines.append(t("stats-kozel", goats=c.goats, won=c.dry_wins, lost=c.dry_losses))
        lines.append(t("stats-kozel-hands", fish=c.fish, eggs=c.eggs, points=c.written_per_hand))
    if c.scored_per_hand is not None:
        lines.append(t("stats-classic", points=c.scored_per_hand))
    if card.partners:
        lines += ["", t("stats-partners")]
        lines += [
            t(
                "stats-partner",
                name=table_name(p.name),
                played=p.played,
                won=p.won,
                rate=p.win_rate,
            )
            for p in card.partners[:PARTNERS_SHOWN]
        ]
    if card.direct:
        lines += ["", t("stats-bots")]
        lines += [
            t(
                "stats-bot",
                variant=variant_name(d.variant, t),
                level=t(f"level-{d.level.value}"),
                played=d.played,
                won=d.won,
            )
            for d in card.direct
        ]
    return "\n".join(lines)


def _rating_lines(card: Card, t: Translate) -> list[str]:
    """The card's rating (in a group: there, and everywhere), when it has one."""
    rating, overall = card.rating, card.overall
    if rating is None:
        return []
    if card.group is None or overall is None:
        line = t("stats-rating", rating=str(rating.shown), count=rating.rated)
    else:
        line = t(
            "stats-rating-group",
            rating=str(rating.shown),
            count=rating.rated,
            overall=str(overall.shown),
        )
    return [line]


def _standing(n: int, standing: Standing, t: Translate) -> str:
    name = (
        table_name(standing.name)
        if standing.level is None
        else t("top-rating-bot", level=t(f"level-{standing.level.value}"))
    )
    rating = standing.rating
    return t("top-rated", n=n, name=name, rating=str(rating.shown), count=rating.rated)


def signed(change: int) -> str:
    """A rating's change: +14, −12 (a minus sign), ±0."""
    return f"+{change}" if change > 0 else f"−{-change}" if change < 0 else "±0"


def top_text(top: Top, group: str, t: Translate) -> str:
    """A group's records; `group` its title (HTML)."""
    if not top.people:
        return t("top-empty", group=group)
    lines = [t("top-title", group=group), ""]
    if top.rated:
        lines.append(t("top-ratings"))
        lines += [_standing(n, s, t) for n, s in enumerate(top.rated, start=1)]
    else:
        lines.append(t("top-ratings-none"))
    if top.goats:
        lines += ["", t("top-goats")]
        lines += [
            t("top-goat", n=n, name=table_name(name), count=goats)
            for n, (name, goats) in enumerate(top.goats, start=1)
        ]
    lines.append("")
    if top.pair is None:
        lines.append(t("top-pair-none", count=MIN_MATCHES))
    else:
        pair = top.pair
        team = t("team", first=table_name(pair.first), second=table_name(pair.second))
        lines.append(t("top-pair", team=team, rate=pair.win_rate, played=pair.played))
    return "\n".join(lines)


class RecordsLine:
    """Delivery's epilogue of a group's match: one message with each person's rating
    in the group and its change, and the counts worth a line (a pair's wins together, a
    person's goats or wins there). Not known until the match is counted: the counting
    files the counts and fixes the ratings' changes, once."""

    def __init__(self, stats: Stats) -> None:
        self._stats = stats

    async def __call__(self, game: Game, t: Translate, /) -> tuple[Content, ...] | None:
        told = await self._stats.told(game)
        if told is None:
            return None
        names = {p.seat: table_name(p.name) for p in players_at(game)}
        lines = [line for fact in told if (line := _line(fact, names, t)) is not None]
        rated = _ratings_line(await self._stats.ratings_told(game), names, t)
        lines = [rated, *lines] if rated else lines
        return (Content("\n".join(lines)),) if lines else ()


def _ratings_line(told: tuple[RatingTold, ...], names: dict[int, str], t: Translate) -> str:
    """Each person's rating after the match and its change, in seat order."""
    ratings = [
        t("line-rating", name=names[r.seat], rating=str(r.rating), change=signed(r.change))
        for r in told
        if r.seat in names
    ]
    return t("line-ratings", ratings=" · ".join(ratings)) if ratings else ""


def _line(fact: Told, names: dict[int, str], t: Translate) -> str | None:
    if any(seat not in names for seat in fact.seats):
        return None  # filed for a seat that holds nobody now: nothing true to say
    if fact.kind is FactKind.PAIR_WINS and len(fact.seats) == 2:
        first, second = (names[s] for s in fact.seats)
        return t("line-pair", team=t("team", first=first, second=second), count=fact.count)
    if fact.kind is FactKind.GOATS and len(fact.seats) == 1:
        return t("line-goats", name=names[fact.seats[0]], count=fact.count)
    if fact.kind is FactKind.WINS and len(fact.seats) == 1:
        return t("line-wins", name=names[fact.seats[0]], count=fact.count)
    return None
