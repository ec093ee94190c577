"""/history's texts: a chat's last matches, and the last hand of the latest one move by
move. People are named as the table names them (`table_name`: shortened, isolated,
escaped), bots by number, a forgotten person by their seat; in a private chat the
person asking is "You". The hand is told by the renderers the game message uses
(`texts.render`), from the engine's own views."""

from __future__ import annotations

from datetime import UTC

from bot.game.history import HandReplay, PastMatch
from bot.telegram.render.game import table_name
from core.variants import Settings
from texts import Translate
from texts.render import Names, hand_summary, log_lines, match_summary, target_text, variant_name

MESSAGE_LIMIT = 4096  # characters of one Telegram message


def past_names(match: PastMatch, viewer: int | None, t: Translate) -> Names:
    """The match's seats as `viewer` (a user id; None: a group) names them."""
    labels = []
    for seat, player in enumerate(match.seats):
        if player.name is not None:
            labels.append(table_name(player.name))
        elif player.forgotten:
            labels.append(t("history-forgotten", n=seat + 1))
        else:  # numbered as the game numbered its bots (`render.bot_number`)
            labels.append(t("bot-name", n=seat + 1 if match.group else seat))
    return Names(labels, match.seat_of(viewer) if viewer is not None else None, t)


def when(match: PastMatch) -> str:
    """When the match ended: one form in every language, and one clock (UTC), since the
    bot knows nobody's time zone."""
    return f"{match.ended.astimezone(UTC):%Y-%m-%d %H:%M} UTC"


def history_text(matches: list[PastMatch], viewer: int | None, t: Translate) -> str:
    """The /history reply: the kept matches, the latest first."""
    if not matches:
        return t("history-none")
    blocks = [t("history-title")]
    blocks += [_entry(n, match, viewer, t) for n, match in enumerate(matches, 1)]
    blocks.append(t("history-hint"))
    return "\n\n".join(blocks)


def _entry(n: int, match: PastMatch, viewer: int | None, t: Translate) -> str:
    names = past_names(match, viewer, t)
    sides = [_side_args(match, names, side, t) for side in range(len(match.scores))]
    heading = t(
        "history-entry",
        n=n,
        date=when(match),
        variant=variant_name(match.variant, t),
        goal=target_text(match.variant, match.target, t),
    )
    scores = " · ".join(
        t("score-entry", side=sides[side]["team"], score=score)
        for side, score in enumerate(match.scores)
    )
    if match.goats is None:  # a side is a seat
        result = t("history-won", **names.args(match.winner))
    else:
        said = [t("history-team-won", **sides[match.winner])]
        said.append(t("history-goats", **sides[match.goats]))
        result = " ".join(said + ([t("history-dry")] if match.dry else []))
    return "\n".join([heading, scores, result])


def _side_args(match: PastMatch, names: Names, side: int, t: Translate) -> dict[str, str | int]:
    """`Names.side_args` without a view: a kept match has none."""
    settings = Settings(match.variant, match.n_players, match.target)
    members = [s for s in range(match.n_players) if settings.side_of(s) == side]
    if len(members) == 1:
        team = names(members[0])
    else:
        team = t("team", first=names(members[0]), second=names(members[1]))
    ours = any(names.who(s) == "you" for s in members)
    return {"team": team, "who": "you" if ours else "other"}


def hand_texts(replay: HandReplay, viewer: int | None, t: Translate) -> list[str]:
    """`/history last`: every move of the hand, its result with every hand revealed
    (R8.3), and the match's; in as many messages as Telegram needs."""
    match, view = replay.match, replay.view
    names = past_names(match, viewer, t)
    title = t("history-hand-title", variant=variant_name(match.variant, t), date=when(match))
    lines = [title, *log_lines(replay.events, names, t, limit=None)]
    if view.revealed is not None:
        lines += ["", *hand_summary(view, view.revealed, names, t).split("\n")]
    if view.match_result is not None:
        lines += ["", *match_summary(view, view.match_result, names, t).split("\n")]
    return pack(lines)


def pack(lines: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Lines in as few messages as fit, each cut between lines (every line closes its
    own markup), with no blank line at either end."""
    messages: list[str] = []
    current = ""
    for line in lines:
        joined = f"{current}\n{line}" if current else line
        if current and len(joined) > limit:
            messages.append(current)
            joined = line
        current = joined
    messages.append(current)
    return [m.strip("\n") for m in messages if m.strip("\n")]
