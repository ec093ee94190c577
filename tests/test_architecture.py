"""Dependencies point one way: core <- texts <- bot, core <- texts <- terminal, and the
picture of the table (core, texts <- picture) is drawn for the bot and the terminal; inside bot,
the game knows neither the store nor Telegram, and Telegram reaches the store only
through the composition root.

Each layer has an allow-list: the exhaustive list of what its modules may import beside
the standard library, so that an import nobody expected fails. Each rule is stated once,
here, and checked on every file it names (tests/architecture shows each one catching a
planted violation)."""

from __future__ import annotations

from pathlib import Path

from tests.architecture.rules import Covered, Imports, NoCycles, Partition, Rule, Size, Text

ROOT = Path(__file__).resolve().parents[1]

# A use case module defines what takes a repository or the notifier and saves (or
# drives those that do). Other layers may read the rest of bot/game, never these.
USE_CASES = (
    *("bot.game.games", "bot.game.cases", "bot.game.matches", "bot.game.groups"),
    *("bot.game.hints", "bot.game.forget", "bot.game.history", "bot.game.stats"),
    *("bot.game.finisher", "bot.game.worker"),
)

# The rest of bot/game: the typed game and its record, pure changes, the bot players,
# the refusals, and the ports the use cases speak through.
GAME_MODEL = (
    *("bot.game.actions", "bot.game.advice", "bot.game.bots", "bot.game.changes"),
    *("bot.game.errors", "bot.game.kinds", "bot.game.level_ratings", "bot.game.lobby"),
    *("bot.game.notify", "bot.game.options", "bot.game.people", "bot.game.ports"),
    *("bot.game.ratings", "bot.game.record", "bot.game.refusals", "bot.game.seats"),
    *("bot.game.state", "bot.game.tally", "bot.game.timer"),
)

GAME_IS_USE_CASES_AND_MODEL = Partition(
    files=("bot/game/**/*.py",), parts={"USE_CASES": USE_CASES, "GAME_MODEL": GAME_MODEL}
)

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

TEXTS = Imports(files=("texts/**/*.py",), only=("core", "texts", "fluent.runtime"))

TERMINAL = Imports(files=("terminal/**/*.py",), only=("core", "texts", "picture", "terminal"))

# The picture of the table is drawn from what core and texts say, with Pillow; the bot and
# the terminal both show it, so it may know neither.
PICTURE = Imports(files=("picture/**/*.py",), only=("core", "texts", "picture", "PIL"))

NOTHING_IMPORTS_THE_TERMINAL = Imports(
    files=("core/**/*.py", "texts/**/*.py", "bot/**/*.py"), banned=("terminal",)
)

# No aiogram, no Redis, no settings, no text: the store and Telegram plug in through ports.
GAME = Imports(
    files=("bot/game/**/*.py",),
    only=("core", "bot.game", "bot.metrics", "bot.tokens", "pydantic", "orjson", "openskill"),
)

# What the store keeps of the game: its record and state, the ports it provides, what a
# finished match adds to the ratings and the records.
STORED = (
    *("bot.game.ports", "bot.game.record", "bot.game.state", "bot.game.ratings"),
    *("bot.game.tally", "bot.game.kinds"),
)

# The shapes the history and the records are kept in live beside their use cases
# (`PastMatch`, `PersonStats`...): the store reads those shapes, spared here by name.
STORE = Imports(
    files=("bot/store/**/*.py",),
    only=("core", "bot.store", "bot.metrics", "bot.tokens", "redis", "pydantic", *STORED),
    banned=USE_CASES,
    exempt={
        "bot/store/history.py": ("bot.game.history",),
        "bot/store/stats.py": ("bot.game.stats",),
        "bot/store/stats_fields.py": ("bot.game.stats",),
    },
)

CONFIG = Imports(files=("bot/config.py",), only=("pydantic", "pydantic_settings", "texts"))

# What any part of the bot may use, and which uses nothing of it.
BOT_TOOLS = Imports(
    files=(
        "bot/__init__.py",
        "bot/logs.py",
        "bot/metrics.py",
        "bot/tokens.py",
        "bot/wait_for.py",
    ),
    only=("prometheus_client",),
)

# Imports under `if TYPE_CHECKING:` count like any other; this rule alone spares one.
LEAVES = Imports(
    files=("bot/game/errors.py", "bot/game/actions.py", "bot/game/people.py"),
    only=("core",),
    type_checking=("bot.game.record",),
)

# The composition root (bot/__main__.py, bot/app.py) wires the stores into the
# Telegram layer; nothing under bot/telegram names them itself.
TELEGRAM = Imports(
    files=("bot/telegram/**/*.py",),
    only=(
        *("core", "texts", "picture", "bot.game", "bot.telegram", "bot.metrics", "bot.tokens"),
        *("aiogram", "aiohttp", "pydantic", "prometheus_client"),
    ),
)

# A renderer turns the game into aiogram's messages and keyboards: it calls nothing, and
# reads no use case. /history's and /stats' shapes live beside their use cases, and the
# records' line after a match asks `Stats` for the counts: spared here by name.
RENDER = Imports(
    files=("bot/telegram/render/**/*.py",),
    only=(
        *("core", "texts", "picture", "aiogram.types", "aiogram.utils.keyboard", "bot.game"),
        *("bot.telegram.render", "bot.telegram.callbacks", "bot.telegram.ports"),
        "bot.telegram.inline",  # a leaf: the chat ids of inline messages
    ),
    banned=USE_CASES,
    exempt={
        "bot/telegram/render/history.py": ("bot.game.history",),
        "bot/telegram/render/stats.py": ("bot.game.stats",),
    },
)

# The outbox (the mechanism: when and how each chat is sent to) reports what it meets (a
# person who blocked the bot, a group that moved) and a use case acts on it: nothing in
# bot/telegram calls a use case back, and the use cases' own modules (their saves, the
# worker) are not for the outbox to import.
OUTBOX = Imports(
    files=("bot/telegram/outbox/**/*.py",),
    only=(
        *("core", "texts", "aiogram", "bot.game", "bot.telegram.outbox", "bot.telegram.show"),
        *("bot.telegram.render", "bot.telegram.ports", "bot.telegram.retry"),
        "bot.telegram.inline",
    ),
    banned=USE_CASES,
)

# What each chat should show (the policy) is pure: no aiogram (only the outbox calls
# Telegram), no store, no use case; it renders through bot/telegram/render.
SHOW = Imports(
    files=("bot/telegram/show/**/*.py",),
    only=(
        *("core", "texts", "bot.game", "bot.telegram.show", "bot.telegram.render"),
        "bot.telegram.ports",
    ),
    banned=USE_CASES,
)

# The composition root builds everything once: it alone may name every part of the bot.
COMPOSITION_ROOT = Imports(
    files=("bot/app.py", "bot/__main__.py"),
    only=("bot", "texts", "aiogram", "aiohttp", "redis", "fakeredis"),
)

# The layers together name every module, so that no new module escapes an allow-list.
LAYERS = (
    *(CORE, TEXTS, TERMINAL, PICTURE, GAME, STORE, CONFIG, BOT_TOOLS, TELEGRAM),
    COMPOSITION_ROOT,
)
EVERY_MODULE_IS_IN_A_LAYER = Covered(
    files=("core/**/*.py", "texts/**/*.py", "terminal/**/*.py", "picture/**/*.py", "bot/**/*.py"),
    layers=LAYERS,
)

# A module fits on a screen or two.
SMALL = Size(files=("bot/**/*.py",), lines=300)

# Imports inside functions count too: a cycle put off until a call is a cycle still.
NO_CYCLES = NoCycles(files=("bot/**/*.py",))

RENDERERS = Text(
    files=(
        "texts/render.py",
        "bot/telegram/render/**/*.py",
        "bot/telegram/show/**/*.py",
    ),
    forbidden=(r"\bmatch\.state\b", r"Match\.from_dict"),
)


def assert_holds(rule: Rule, root: Path = ROOT) -> None:
    violations = rule.violations(root)
    assert not violations, "\n".join(map(str, violations))


def test_every_module_of_the_game_is_a_use_case_or_the_model_and_not_both() -> None:
    assert_holds(GAME_IS_USE_CASES_AND_MODEL)


def test_every_module_is_in_a_layer_with_an_allow_list() -> None:
    assert_holds(EVERY_MODULE_IS_IN_A_LAYER)


def test_core_imports_only_the_standard_library_and_itself() -> None:
    assert_holds(CORE)


def test_core_does_no_io_and_only_the_arena_reads_arguments_or_the_clock() -> None:
    assert_holds(CORE_DOES_NO_IO)


def test_texts_import_only_core_fluent_and_the_standard_library() -> None:
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


def test_the_store_knows_nothing_of_telegram_the_settings_or_the_use_cases() -> None:
    assert_holds(STORE)


def test_the_settings_know_neither_telegram_nor_redis_nor_the_store() -> None:
    assert_holds(CONFIG)


def test_the_bot_s_tools_import_nothing_of_the_bot() -> None:
    assert_holds(BOT_TOOLS)


def test_the_leaf_modules_import_only_the_standard_library_and_core() -> None:
    """bot.game.record may be named for the type checker only."""
    assert_holds(LEAVES)


def test_telegram_reaches_the_store_only_through_the_composition_root() -> None:
    assert_holds(TELEGRAM)


def test_renderers_build_aiogram_s_types_from_the_game_and_read_no_use_case() -> None:
    assert_holds(RENDER)


def test_the_outbox_never_calls_a_use_case_back() -> None:
    assert_holds(OUTBOX)


def test_what_a_chat_should_show_is_decided_without_aiogram_the_store_or_a_use_case() -> None:
    assert_holds(SHOW)


def test_the_composition_root_imports_the_bot_and_its_libraries_only() -> None:
    assert_holds(COMPOSITION_ROOT)


def test_every_module_of_the_bot_fits_in_300_lines() -> None:
    assert_holds(SMALL)


def test_no_module_of_the_bot_imports_itself_through_others() -> None:
    assert_holds(NO_CYCLES)


def test_renderers_read_views_never_the_engine_state() -> None:
    """R8: what is shown comes from views only: never `match.state`."""
    assert_holds(RENDERERS)
