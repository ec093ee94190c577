"""The lobby of a group game, as pure changes to the record: who sits where, the
settings, and the start of the match once every seat is taken. Each change
returns a new record or raises `RefusalError`; `GroupService` saves them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.record import NAME_LIMIT, BotSeat, GameRecord, GameStatus, Group, HumanSeat, Seat
from bot.service import Person, RefusalCode, RefusalError, human_seat
from core.engine import Match
from core.players import Level
from core.variants import HAND_SIZES, TARGETS, Variant


def new_group(title: str, creator: Person, variant: Variant, n_players: int, target: int) -> Group:
    """A lobby with free seats."""
    return Group(
        title=title[:NAME_LIMIT],
        language=creator.language,
        creator_id=creator.user_id,
        variant=variant,
        n_players=n_players,
        target=target,
        lobby=[None] * n_players,
    )


def player_counts(variant: Variant) -> list[int]:
    """How many players `variant` is played by (from `core`'s table)."""
    return sorted(HAND_SIZES[variant])


def _lobby_of(record: GameRecord) -> Group:
    if record.group is None or record.status is not GameStatus.LOBBY:
        raise RefusalError(RefusalCode.LOBBY_CLOSED, record)
    return record.group


def _with(record: GameRecord, group: Group, **changes: object) -> GameRecord:
    return record.model_copy(update={"group": group, **changes})


def _seating(record: GameRecord, group: Group, seat: int, occupant: Seat | None) -> GameRecord:
    """The record with lobby seat `seat` given to `occupant` (None: freed)."""
    lobby = list(group.lobby)
    lobby[seat] = occupant
    return _with(record, group.model_copy(update={"lobby": lobby}))


def _seated(group: Group, user_id: int) -> int | None:
    for seat, human in group.lobby_humans():
        if human.user_id == user_id:
            return seat
    return None


def _free(seats: Sequence[Seat | None]) -> list[int]:
    return [i for i, s in enumerate(seats) if s is None]


def check_join(record: GameRecord, user_id: int, seat: int | None) -> None:
    """Refuse, before anything is sent, a join that cannot succeed now."""
    group = _lobby_of(record)
    if seat is None:
        if _seated(group, user_id) is not None:
            raise RefusalError(RefusalCode.ALREADY_SEATED, record)
        if not _free(group.lobby):
            raise RefusalError(RefusalCode.GAME_FULL, record)
    elif not 0 <= seat < len(group.lobby):
        raise RefusalError(RefusalCode.INVALID, record)
    elif group.lobby[seat] is not None:
        raise RefusalError(RefusalCode.SEAT_TAKEN, record)


def join(record: GameRecord, person: Person, seat: int | None, seed: int) -> GameRecord:
    """`person` sits at `seat` (the first free one if None; moving there if seated
    elsewhere). The match starts when the last seat is taken."""
    check_join(record, person.user_id, seat)
    group = _lobby_of(record)
    lobby = list(group.lobby)
    current = _seated(group, person.user_id)
    target = _free(lobby)[0] if seat is None else seat
    if current is not None:
        lobby[current] = None
    lobby[target] = human_seat(person)
    return _start_if_full(_with(record, group.model_copy(update={"lobby": lobby})), seed)


def leave(record: GameRecord, user_id: int) -> GameRecord:
    """The person frees their lobby seat."""
    group = _lobby_of(record)
    seat = _seated(group, user_id)
    if seat is None:
        raise RefusalError(RefusalCode.NOT_SEATED, record)
    return _seating(record, group, seat, None)


def may_fill(record: GameRecord, user_id: int) -> bool:
    """Seated people and the creator may add and remove bots and start."""
    group = _lobby_of(record)
    return user_id == group.creator_id or _seated(group, user_id) is not None


def add_bot(record: GameRecord, seat: int | None, seed: int) -> GameRecord:
    """A bot of the lobby's level at `seat` (the first free one if None)."""
    group = _lobby_of(record)
    free = _free(group.lobby)
    if not free:
        raise RefusalError(RefusalCode.GAME_FULL, record)
    target = free[0] if seat is None else seat
    if target not in free:
        raise RefusalError(RefusalCode.SEAT_TAKEN, record)
    return _start_if_full(_seating(record, group, target, BotSeat(level=group.level)), seed)


def remove_bot(record: GameRecord, seat: int) -> GameRecord:
    """The bot at `seat` goes."""
    group = _lobby_of(record)
    if not 0 <= seat < len(group.lobby) or not isinstance(group.lobby[seat], BotSeat):
        raise RefusalError(RefusalCode.INVALID, record)
    return _seating(record, group, seat, None)


def start(record: GameRecord, seed: int) -> GameRecord:
    """Start now: bots of the lobby's level take the free seats."""
    group = _lobby_of(record)
    if not group.lobby_humans():
        raise RefusalError(RefusalCode.NEEDS_PERSON, record)
    lobby = [s if s is not None else BotSeat(level=group.level) for s in group.lobby]
    return _start_if_full(_with(record, group.model_copy(update={"lobby": lobby})), seed)


def _start_if_full(record: GameRecord, seed: int) -> GameRecord:
    group = record.group
    assert group is not None
    if _free(group.lobby) or not group.lobby_humans():
        return record  # a table of bots only never starts by itself
    match, _ = Match.new(group.variant, group.n_players, group.target, seed=seed)
    seats: list[Seat] = [s for s in group.lobby if s is not None]
    return _with(
        record,
        group.model_copy(update={"lobby": []}),
        seats=seats,
        engine=match.to_dict(),
        seed=seed,
        status=GameStatus.ACTIVE,
    )


# -- settings: each button moves one setting to its next value ------------------------------


def _next(values: Sequence[object], current: object) -> object:
    values = list(values)
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


def next_variant(record: GameRecord) -> GameRecord:
    """Draw -> block -> Kozel -> draw; the player count follows when it must."""
    group = _lobby_of(record)
    variant = Variant(str(_next(list(Variant), group.variant)))
    counts = player_counts(variant)
    n_players = group.n_players if group.n_players in counts else counts[-1]
    return _resized(record, group.model_copy(update={"variant": variant}), n_players)


def next_player_count(record: GameRecord) -> GameRecord:
    """2 -> 3 -> 4 -> 2 players (not in Kozel, which is four)."""
    group = _lobby_of(record)
    counts = player_counts(group.variant)
    if len(counts) == 1:
        raise RefusalError(RefusalCode.INVALID, record)  # Kozel is four
    n_players = int(str(_next(counts, group.n_players)))
    return _resized(record, group, n_players)


def _resized(record: GameRecord, group: Group, n_players: int) -> GameRecord:
    """The lobby with `n_players` seats: people keep theirs, moving up if theirs goes."""
    if n_players == len(group.lobby):
        return _with(record, group.model_copy(update={"n_players": n_players}))
    people: list[Seat] = [h for _, h in group.lobby_humans()]
    if len(people) > n_players:
        raise RefusalError(RefusalCode.TOO_MANY, record)
    kept: list[Seat | None] = list(group.lobby[:n_players]) + [None] * (
        n_players - len(group.lobby)
    )
    missing = [h for h in people if h not in kept]
    for i, seat in enumerate(kept):
        if not missing:
            break
        if not isinstance(seat, HumanSeat):
            kept[i] = missing.pop(0)
    return _with(record, group.model_copy(update={"n_players": n_players, "lobby": kept}))


def next_target(record: GameRecord) -> GameRecord:
    """50 -> 100 -> 150 -> 50 (R2.4)."""
    group = _lobby_of(record)
    target = int(str(_next(TARGETS, group.target)))
    return _with(record, group.model_copy(update={"target": target}))


def next_level(record: GameRecord) -> GameRecord:
    """The level of bots added from now on (and of the bots already seated)."""
    group = _lobby_of(record)
    level = Level(str(_next(list(Level), group.level)))
    lobby = [BotSeat(level=level) if isinstance(s, BotSeat) else s for s in group.lobby]
    return _with(record, group.model_copy(update={"level": level, "lobby": lobby}))


def invited(record: GameRecord) -> GameRecord:
    """The lobby shows the deep link from now on."""
    group = _lobby_of(record)
    if group.invite:
        return record
    return _with(record, group.model_copy(update={"invite": True}))
