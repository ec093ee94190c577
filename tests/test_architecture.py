"""Dependencies point one way: core <- texts <- bot, core <- texts <- terminal, and the
picture of the table (core, texts <- picture) is drawn for the bot and the terminal; inside bot,
the game knows neither the store nor Telegram, and Telegram reaches the store only
through the composition root. Each rule is stated once, here, and checked on every file
it names (tests/architecture shows each one catching a planted violation)."""

from __future__ import annotations

from pathlib import Path

from tests.architecture.rules import Imports, NoCycles, Rule, Size, Text

ROOT = Path(__file__).resolve().parents[1]

CORE = Imports(files=("core/**/*.py",), only=("core",))

CORE_DOES_NO_IO = Imports(
    files=("core/**/*.py",),
    banned=(
        *("socket", "asyncio", "subprocess", "urllib", "http", "sqlite3", "shutil", "os"),
        *("argparse", "time", "statistics"),
    ),
    # The arena's command line reads its arguments and times the bots' decisions; the
    # engine and the players do neither (a player is handed its clock).
    exempt={"core/arena.py": ("argparse", "time", "statistics")},
)

TEXTS = Imports(files=("texts/**/*.py",), banned=("bot", "aiogram", "terminal", "picture"))

TERMINAL = Imports(files=("terminal/**/*.py",), only=("core", "texts", "picture", "terminal"))

# The picture of the table is drawn from what core and texts say, with Pillow; the bot and
# the terminal both show it, so it may know neither.
PICTURE = Imports(files=("picture/**/*.py",), only=("core", "texts", "picture", "PIL"))

NOTHING_IMPORTS_THE_TERMINAL = Imports(
    files=("core/**/*.py", "texts/**/*.py", "bot/**/*.py"), banned=("terminal",)
)

GAME = Imports(
    files=("bot/game/**/*.py",),
    banned=("aiogram", "redis", "fakeredis", "bot.store", "bot.telegram", "bot.config"),
)

STORE = Imports(files=("bot/store/**/*.py",), banned=("aiogram", "bot.telegram", "bot.config"))

CONFIG = Imports(files=("bot/config.py",), banned=("aiogram", "redis", "bot.store", "bot.telegram"))

# Imports under `if TYPE_CHECKING:` count like any other; this rule alone spares one.
LEAVES = Imports(
    files=("bot/game/errors.py", "bot/game/actions.py", "bot/game/people.py"),
    only=("core",),
    type_checking=("bot.game.record",),
)

# The composition root (bot/__main__.py, bot/app.py) wires the stores into the
# Telegram layer; nothing under bot/telegram names them itself.
TELEGRAM = Imports(files=("bot/telegram/**/*.py",), banned=("bot.store",))

# Delivery reports what it meets (a person who blocked the bot, a group that moved) and a
# use case acts on it: nothing in bot/telegram calls a use case back, and the use cases'
# own modules (their saves, their notifier, the worker) are not for delivery to import.
DELIVERY = Imports(
    files=("bot/telegram/delivery/**/*.py",),
    banned=(
        *("bot.game.games", "bot.game.matches", "bot.game.groups", "bot.game.notifier"),
        *("bot.game.worker", "bot.game.finisher", "bot.game.history", "bot.game.stats"),
    ),
)

# A module fits on a screen or two.
SMALL = Size(files=("bot/**/*.py",), lines=300)

# Imports inside functions count too: a cycle put off until a call is a cycle still.
NO_CYCLES = NoCycles(files=("bot/**/*.py",))

RENDERERS = Text(
    files=(
        "texts/render.py",
        "bot/telegram/render/**/*.py",
        "bot/telegram/delivery/plan.py",
    ),
    forbidden=(r"\bmatch\.state\b", r"Match\.from_dict"),
)


def assert_holds(rule: Rule, root: Path = ROOT) -> None:
    violations = rule.violations(root)
    assert not violations, "\n".join(map(str, violations))


def test_core_imports_only_the_standard_library_and_itself() -> None:
    assert_holds(CORE)


def test_core_does_no_io_and_only_the_arena_reads_arguments_or_the_clock() -> None:
    assert_holds(CORE_DOES_NO_IO)


def test_texts_never_import_the_bot_aiogram_or_the_terminal_game() -> None:
    assert_holds(TEXTS)


def test_the_terminal_game_imports_only_core_texts_the_picture_and_the_standard_library() -> None:
    assert_holds(TERMINAL)


def test_the_picture_imports_only_core_texts_pillow_and_the_standard_library() -> None:
    assert_holds(PICTURE)


def test_core_texts_and_the_bot_never_import_the_terminal_game() -> None:
    assert_holds(NOTHING_IMPORTS_THE_TERMINAL)


def test_the_game_layer_knows_neither_telegram_nor_redis_nor_the_settings() -> None:
    """bot/game holds the typed game and the use cases: the store and Telegram plug in."""
    assert_holds(GAME)


def test_the_store_knows_nothing_of_telegram_or_the_settings() -> None:
    assert_holds(STORE)


def test_the_settings_know_neither_telegram_nor_redis_nor_the_store() -> None:
    assert_holds(CONFIG)


def test_the_leaf_modules_import_only_the_standard_library_and_core() -> None:
    """bot.game.record may be named for the type checker only."""
    assert_holds(LEAVES)


def test_telegram_reaches_the_store_only_through_the_composition_root() -> None:
    assert_holds(TELEGRAM)


def test_delivery_never_calls_a_use_case_back() -> None:
    assert_holds(DELIVERY)


def test_every_module_of_the_bot_fits_in_300_lines() -> None:
    assert_holds(SMALL)


def test_no_module_of_the_bot_imports_itself_through_others() -> None:
    assert_holds(NO_CYCLES)


def test_renderers_read_views_never_the_engine_state() -> None:
    """R8: what is shown comes from views only: never `match.state`."""
    assert_holds(RENDERERS)
