"""The lobby of a group game, as pure changes: who sits where, the settings, and the
start of the match once every seat is taken. Each change takes a game in its lobby
and returns a new game, or raises `RefusalError`; the group use cases save them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.game import bots
from bot.game.errors import RefusalCode, RefusalError
from bot.game.kinds import GROUP
from bot.game.people import Person
from bot.game.record import GroupSide, LobbyStage, TableSettings
from bot.game.seats import NAME_LIMIT, BotSeat, HumanSeat, Seat, human_seat
from bot.game.state import Game, Lobby
from core.players import GROUP_LEVELS, Level
from core.variants import HAND_SIZES, TARGETS, Variant

TURN_TIMERS = (0, 30, 60, 120)  # seconds a person has to move; 0: no timer
GROUP_TIMER = 60  # a group's lobby starts with this one


def new_group(
    title: str, creator: Person, language: str | None = None, inline: str | None = None
) -> GroupSide:
    """The group side of a game opened by `creator`, in the group's `language` (the
    creator's when the group has none yet); `inline`: its table is that inline message."""
    return GroupSide(
        title=title[:NAME_LIMIT],
        language=language or creator.language,
        creator_id=creator.user_id,
        inline_message_id=inline,
    )


def new_lobby(n_players: int, *, variant_fixed: bool = False) -> LobbyStage:
    """A lobby with every seat free (`variant_fixed`: its game cannot be changed)."""
    return LobbyStage(seats=(None,) * n_players, variant_fixed=variant_fixed)


def player_counts(variant: Variant) -> list[int]:
    """How many players `variant` is played by (from `core`'s table)."""
    return sorted(HAND_SIZES[variant])


def lobby_of(game: Game) -> Lobby:
    """The game's lobby; `LOBBY_CLOSED` once the match started (or it was cancelled)."""
    if not isinstance(game.state, Lobby):
        raise RefusalError(RefusalCode.LOBBY_CLOSED)
    return game.state


def _seated(lobby: Lobby, user_id: int) -> int | None:
    for seat, occupant in enumerate(lobby.seats):
        if isinstance(occupant, HumanSeat) and occupant.user_id == user_id:
            return seat
    return None


def _free(seats: Sequence[Seat | None]) -> list[int]:
    return [i for i, s in enumerate(seats) if s is None]


def lobby_stage(game: Game, **update: object) -> LobbyStage:
    """The game's stored lobby with `update`d fields, the others kept."""
    lobby_of(game)
    stage = game.record.stage
    assert isinstance(stage, LobbyStage)
    return stage.model_copy(update=update)


def _with_seats(game: Game, seats: Sequence[Seat | None], **fields: object) -> Game:
    return game.changed(lobby_stage(game, seats=tuple(seats)), **fields)


def check_join(game: Game, user_id: int, seat: int | None) -> None:
    """Refuse, before anything is sent, a join that cannot succeed now."""
    lobby = lobby_of(game)
    if seat is None:
        if _seated(lobby, user_id) is not None:
            raise RefusalError(RefusalCode.ALREADY_SEATED)
        if not _free(lobby.seats):
            raise RefusalError(RefusalCode.GAME_FULL)
    elif not 0 <= seat < len(lobby.seats):
        raise RefusalError(RefusalCode.INVALID)
    elif lobby.seats[seat] is not None:
        raise RefusalError(RefusalCode.SEAT_TAKEN)


def join(game: Game, person: Person, seat: int | None, secret: bytes) -> Game:
    """`person` sits at `seat` (the first free one if None; moving there if seated
    elsewhere). The match starts when the last seat is taken."""
    check_join(game, person.user_id, seat)
    lobby = lobby_of(game)
    seats = list(lobby.seats)
    current = _seated(lobby, person.user_id)
    target = _free(seats)[0] if seat is None else seat
    if current is not None:
        seats[current] = None
    seats[target] = human_seat(person)
    # Someone reached in the group only is shown the link to the private chat there.
    stage = lobby_stage(game, seats=tuple(seats), invite=lobby.invite or person.in_group)
    return _start_if_full(game.changed(stage), secret)


def leave(game: Game, user_id: int) -> Game:
    """The person frees their lobby seat."""
    lobby = lobby_of(game)
    seat = _seated(lobby, user_id)
    if seat is None:
        raise RefusalError(RefusalCode.NOT_SEATED)
    seats = list(lobby.seats)
    seats[seat] = None
    return _with_seats(game, seats)


def may_fill(game: Game, user_id: int) -> bool:
    """Seated people and the opener may add and remove bots and start."""
    lobby = lobby_of(game)
    opener = game.kind is GROUP and game.side.creator_id == user_id
    return opener or _seated(lobby, user_id) is not None


def add_bot(game: Game, secret: bytes) -> Game:
    """A bot of the table's level in the first free seat."""
    lobby = lobby_of(game)
    free = _free(lobby.seats)
    if not free:
        raise RefusalError(RefusalCode.GAME_FULL)
    seats = list(lobby.seats)
    seats[free[0]] = BotSeat(level=game.record.settings.level)
    return _start_if_full(_with_seats(game, seats), secret)


def remove_bot(game: Game, seat: int) -> Game:
    """The bot at `seat` goes."""
    lobby = lobby_of(game)
    if not 0 <= seat < len(lobby.seats) or not isinstance(lobby.seats[seat], BotSeat):
        raise RefusalError(RefusalCode.INVALID)
    seats = list(lobby.seats)
    seats[seat] = None
    return _with_seats(game, seats)


def seat_pressed(game: Game, user_id: int, seat: int) -> Game:
    """A seat's button, other than sitting down: leave one's own seat, or remove a bot."""
    lobby = lobby_of(game)
    if not 0 <= seat < len(lobby.seats):
        raise RefusalError(RefusalCode.INVALID)
    occupant = lobby.seats[seat]
    if isinstance(occupant, BotSeat):
        if not may_fill(game, user_id):
            raise RefusalError(RefusalCode.NOT_ALLOWED)
        return remove_bot(game, seat)
    if occupant is not None and occupant.user_id == user_id:
        return leave(game, user_id)
    raise RefusalError(RefusalCode.SEAT_TAKEN)


def sits_down(game: Game, seat: int | None) -> bool:
    """Whether a lobby press at `seat` (None: Join) would seat the presser."""
    if not isinstance(game.state, Lobby):
        return False
    if seat is None:
        return True
    return 0 <= seat < len(game.state.seats) and game.state.seats[seat] is None


def start(game: Game, secret: bytes) -> Game:
    """Start now: bots of the table's level take the free seats."""
    lobby = lobby_of(game)
    if not any(isinstance(s, HumanSeat) for s in lobby.seats):
        raise RefusalError(RefusalCode.NEEDS_PERSON)
    level = game.record.settings.level
    seats = [s if s is not None else BotSeat(level=level) for s in lobby.seats]
    return _start_if_full(_with_seats(game, seats), secret)


def _start_if_full(game: Game, secret: bytes) -> Game:
    lobby = lobby_of(game)
    if _free(lobby.seats) or not any(isinstance(s, HumanSeat) for s in lobby.seats):
        return game  # a table of bots only never starts by itself
    settings = game.record.settings
    match, seed = bots.new_match(settings, secret)
    seats = tuple(s for s in lobby.seats if s is not None)
    return game.with_match(match, seats, seed)


def show_settings(game: Game, shown: bool) -> Game:
    """The lobby's message shows its settings (`shown`) or its seats."""
    if lobby_of(game).settings_open == shown:
        return game
    return game.changed(lobby_stage(game, settings_open=shown))


# -- settings: each button moves one setting to its next value ------------------------------


def _next(values: Sequence[object], current: object) -> object:
    values = list(values)
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


def _with_settings(game: Game, settings: TableSettings, seats: Sequence[Seat | None]) -> Game:
    return _with_seats(game, seats, settings=settings)


def next_variant(game: Game) -> Game:
    """Draw -> block -> Kozel -> draw; the player count follows when it must."""
    if lobby_of(game).variant_fixed:
        raise RefusalError(RefusalCode.INVALID)  # a /kozel lobby plays Kozel
    settings = game.record.settings
    variant = Variant(str(_next(list(Variant), settings.variant)))
    counts = player_counts(variant)
    n_players = settings.n_players if settings.n_players in counts else counts[-1]
    return _resized(game, settings.model_copy(update={"variant": variant}), n_players)


def next_player_count(game: Game) -> Game:
    """2 -> 3 -> 4 -> 2 players (not in Kozel, which is four)."""
    lobby_of(game)
    settings = game.record.settings
    counts = player_counts(settings.variant)
    if len(counts) == 1:
        raise RefusalError(RefusalCode.INVALID)  # Kozel is four
    return _resized(game, settings, int(str(_next(counts, settings.n_players))))


def _resized(game: Game, settings: TableSettings, n_players: int) -> Game:
    """The lobby with `n_players` seats: people keep theirs, moving up if theirs goes."""
    lobby = lobby_of(game)
    settings = settings.model_copy(update={"n_players": n_players})
    if n_players == len(lobby.seats):
        return _with_settings(game, settings, lobby.seats)
    people: list[Seat] = [s for s in lobby.seats if isinstance(s, HumanSeat)]
    if len(people) > n_players:
        raise RefusalError(RefusalCode.TOO_MANY)
    kept: list[Seat | None] = list(lobby.seats[:n_players]) + [None] * (
        n_players - len(lobby.seats)
    )
    missing = [h for h in people if h not in kept]
    for i, seat in enumerate(kept):
        if not missing:
            break
        if not isinstance(seat, HumanSeat):
            kept[i] = missing.pop(0)
    return _with_settings(game, settings, kept)


def set_target(game: Game, target: int) -> Game:
    """The match's target: 50, 100 or 150 (R2.4)."""
    lobby = lobby_of(game)
    if target not in TARGETS:
        raise RefusalError(RefusalCode.INVALID)
    settings = game.record.settings.model_copy(update={"target": target})
    return _with_settings(game, settings, lobby.seats)


def set_timer(game: Game, seconds: int) -> Game:
    """The turn timer: seconds a person has to move (0: none; -1: the next value)."""
    lobby = lobby_of(game)
    if seconds == -1:
        seconds = int(str(_next(TURN_TIMERS, game.record.settings.turn_timer)))
    if seconds not in TURN_TIMERS:
        raise RefusalError(RefusalCode.INVALID)
    settings = game.record.settings.model_copy(update={"turn_timer": seconds})
    return _with_settings(game, settings, lobby.seats)


def next_level(game: Game) -> Game:
    """The level of bots added from now on (and of the bots already seated)."""
    lobby = lobby_of(game)
    settings = game.record.settings
    level = Level(str(_next(GROUP_LEVELS, settings.level)))
    seats = [BotSeat(level=level) if isinstance(s, BotSeat) else s for s in lobby.seats]
    return _with_settings(game, settings.model_copy(update={"level": level}), seats)
