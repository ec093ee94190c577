"""Bot throughput: what one Telegram update costs the bot, measured through Telegram only.

    .venv/bin/python benchmarks/bot_throughput.py [--games N] [--users N] [--rounds N]
        [--level easy|medium|hard] [--variant mixed|draw|block|kozel] [--target 50|100|150]
        [--matches-per-user N] [--seed S] [--wire] [--profile] [--redis-server PATH]

A default run takes about a minute on two cores.

Simulated people play direct games against the bots: each sends /play, then presses
the buttons the bot shows them (the menu's variant, opponents, level and target, a
legal move whenever the game message offers moves, Next hand, Rematch), reading the
messages the bot sent or edited, as a person would. Every press is a real aiogram
`Update` fed to the real dispatcher (`Dispatcher.feed_update`), against an in-process
Telegram session that answers every request at once.

Three bots are measured side by side in one process, interleaved over several rounds
so that machine noise hits them alike (each figure is the median of the rounds):

- the game bot over a real `redis-server` that this script starts on a free port in a
  temporary directory, without persistence, and stops at the end (also on Ctrl-C);
- the game bot over fakeredis (in-process);
- the floor: a minimal aiogram bot with no game and no Redis, whose /play sends a
  message with a few buttons and whose button handler answers the press and edits the
  message. It is fed the same sequence of update kinds, press for press.

Each bot runs twice per round: sequentially (one person at a time: CPU per update is
the process CPU time around `feed_update`, bot threads included, and is where the
targets are judged), and with `--users` people playing at once, each pressing again as
soon as the bot has answered (latency with the process saturated; its CPU column is the
whole run's process CPU divided by updates, the simulated people included). Move
presses (callback data `mv:`) are reported apart from the other updates: the target is
about moves. The redis-server's own CPU is reported apart.

After the first sequential real-Redis run, every key Redis holds is listed with SCAN,
grouped by its prefix up to the last ':', and sized (`MEMORY USAGE`, and the payload:
string length, hash fields and values, set, sorted-set and list members), per finished
game. Failed updates (an update that raised, an ERROR logged, a press answered with an
alert) and games that did not finish are counted and printed, and make the exit status
1: a run in which presses fail measures nothing.

`--wire` also does the client side of a real HTTP session: every update is parsed from
a dict (`feed_raw_update`), every request serialised as aiogram's aiohttp session does
and every answer parsed from JSON. `--profile` instead profiles one sequential
real-Redis run (CPU time per thread, the bot's worker threads included) and prints the
top functions by cumulative and by own time.

Targets: at most 3 ms of CPU per move update with real Redis, at most 2.5 times the
floor's CPU per update, and at most 3 KB of Redis per finished game.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import dataclasses
import gc
import itertools
import json
import logging
import math
import os
import pstats
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import AsyncGenerator, Callable, Coroutine, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, ParamSpec, TypeVar

from aiogram import Bot, Dispatcher, Router
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.base import BaseSession
from aiogram.enums import ParseMode
from aiogram.filters import Command
from aiogram.methods import (
    AnswerCallbackQuery,
    DeleteMessage,
    DeleteMessages,
    EditMessageCaption,
    EditMessageMedia,
    EditMessageReplyMarkup,
    EditMessageText,
    GetMe,
    SendMessage,
    SendPhoto,
    SetMyCommands,
    TelegramMethod,
)
from aiogram.types import (
    BufferedInputFile,
    CallbackQuery,
    Chat,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    Message,
    Update,
    User,
)
from fakeredis import FakeAsyncRedis, FakeServer
from redis.asyncio import Redis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the checkout's packages, whatever is installed


@dataclass(frozen=True)
class Built:
    """A bot ready to be fed updates, and what runs beside its dispatcher."""

    dispatcher: Dispatcher
    bot: Bot
    background: Callable[[], Coroutine[Any, Any, None]] | None = None


# The only place that knows how the bot is composed (today: bot/__main__.py and
# bot/app.py). When bot/ is restructured, this is what changes; everything
# else in this file talks to the bot through Telegram updates and requests only.
def build(redis: Redis, session: BaseSession, seed: int, look: str = "text") -> Built:
    """The production dispatcher, bot and worker over `redis` and `session`; game ids
    and deals are drawn from `seed`, so that runs play the same games; `look`: the games
    drawn ("picture") or in words ("text", as before pictures). Telegram's
    per-chat limits are lifted: a
    simulated person presses far faster than a real one, and would otherwise wait for
    the worker to send each edit a second later."""
    from bot.app import Pacing, create_app  # noqa: PLC0415
    from bot.game.bots import default_players  # noqa: PLC0415
    from bot.telegram.client import create_bot  # noqa: PLC0415
    from bot.telegram.outbox.pace import Limit, Limits  # noqa: PLC0415
    from bot.telegram.ports import Look  # noqa: PLC0415
    from texts import Texts  # noqa: PLC0415

    bot = create_bot(TOKEN, session)
    unlimited = Limit(interval=0)
    pacing = Pacing(limits=Limits(unlimited, unlimited, unlimited))
    players, rng = default_players(), random.Random(seed)
    app = create_app(bot, redis, players, Texts(), pacing, rng=rng, look=Look(look))
    return Built(app.dispatcher, bot, app.worker.run)


TOKEN = "123456:BENCHMARK-token-for-the-in-process-telegram"
BOT_USER = User(id=123456, is_bot=True, first_name="Dominoes", username="dominoes_bench_bot")
BOT_JSON = json.dumps(BOT_USER.model_dump(mode="json", exclude_none=True, by_alias=True))
USER_BASE = 10_000_000  # ids of the simulated people (their private chats have the same ids)
DATE = 1_717_243_200  # every message's date: nothing here depends on it
DATE_TIME = datetime.fromtimestamp(DATE, UTC)

# What a person reads on the buttons (English: the simulated people's language).
VARIANTS = ("draw", "block", "kozel")
LEVELS = ("easy", "medium", "hard")
NEXT_HAND = "next hand"
REMATCH = "rematch"
MOVE_PREFIX = "mv:"  # the move buttons' callback data; how moves are told from the rest
UPDATES_PER_MATCH_LIMIT = 5000  # far more than any match needs: only stops a stuck person
ANSWER_TIMEOUT = 10.0  # seconds a person waits for the bot to change their chat

CPU_TARGET_MS = 3.0
RATIO_TARGET = 2.5
BYTES_TARGET = 3 * 1024

Kind = Literal["command", "move", "press"]


# -- the in-process Telegram ---------------------------------------------------------------


@dataclass(slots=True)
class Shown:
    """What a message shows now: its text and its buttons, as (label, callback data)."""

    text: str
    markup: InlineKeyboardMarkup | None

    def buttons(self) -> list[tuple[str, str]]:
        if self.markup is None:
            return []
        return [(b.text, b.callback_data or "") for row in self.markup.inline_keyboard for b in row]

    def markup_json(self) -> dict[str, Any] | None:
        if self.markup is None:
            return None
        return self.markup.model_dump(mode="json", exclude_none=True)


def _inline(markup: object) -> InlineKeyboardMarkup | None:
    return markup if isinstance(markup, InlineKeyboardMarkup) else None


class InstantTelegram(BaseSession):
    """Answers every request at once, as Telegram would when all goes well, and keeps
    what each chat shows, for the simulated people to read. It checks nothing and
    records no calls: its cost should be the bot's, not its own."""

    def __init__(self, *, wire: bool = False) -> None:
        super().__init__()
        self.wire = wire
        self.chats: dict[int, dict[int, Shown]] = {}
        self.changes: Counter[int] = Counter()  # by chat: messages sent or edited
        self.answers = 0
        self.alerts: Counter[int] = Counter()  # by user id: a refused press
        self.alert_texts: list[str] = []
        self.unknown: Counter[str] = Counter()
        self.pictures = 0  # uploaded (sent or edited in)
        self.picture_bytes = 0
        self._ids = itertools.count(1)
        self._templates: dict[int, Message] = {}

    def latest(self, chat_id: int) -> tuple[int, Shown] | None:
        """The chat's newest message: the one a person looks at."""
        chat = self.chats.get(chat_id)
        if not chat:
            return None
        return next(reversed(chat.items()))

    async def close(self) -> None:
        return None

    async def stream_content(
        self,
        url: str,
        headers: dict[str, Any] | None = None,
        timeout: int = 30,
        chunk_size: int = 65536,
        raise_for_status: bool = True,
    ) -> AsyncGenerator[bytes, None]:  # pragma: no cover - nothing is downloaded
        yield b""

    async def make_request(
        self, bot: Bot, method: TelegramMethod[Any], timeout: int | None = None
    ) -> Any:
        if self.wire:
            return self._over_the_wire(bot, method)
        return self._answer(method)

    # -- objects (the default) ----------------------------------------------------------

    def _answer(self, method: TelegramMethod[Any]) -> Any:
        if isinstance(method, AnswerCallbackQuery):
            self._answered(method)
            return True
        if isinstance(method, EditMessageText):
            chat_id, message_id = int(method.chat_id or 0), int(method.message_id or 0)
            shown = Shown(method.text or "", _inline(method.reply_markup))
            self.chats.setdefault(chat_id, {})[message_id] = shown
            self.changes[chat_id] += 1
            return self._message(chat_id, message_id, shown)
        if isinstance(method, SendMessage):
            chat_id, message_id = int(method.chat_id), next(self._ids)
            shown = Shown(method.text, _inline(method.reply_markup))
            self.chats.setdefault(chat_id, {})[message_id] = shown
            self.changes[chat_id] += 1
            return self._message(chat_id, message_id, shown)
        if isinstance(method, EditMessageReplyMarkup):
            chat_id, message_id = int(method.chat_id or 0), int(method.message_id or 0)
            chat = self.chats.setdefault(chat_id, {})
            old = chat.get(message_id)
            shown = Shown(old.text if old else "", _inline(method.reply_markup))
            chat[message_id] = shown
            self.changes[chat_id] += 1
            return self._message(chat_id, message_id, shown)
        if isinstance(method, DeleteMessage):
            self.chats.get(int(method.chat_id), {}).pop(method.message_id, None)
            return True
        if isinstance(method, SendPhoto | EditMessageMedia | EditMessageCaption):
            return self._photo(method)
        if isinstance(method, DeleteMessages):
            for message_id in method.message_ids:
                self.chats.get(int(method.chat_id), {}).pop(message_id, None)
            return True
        if isinstance(method, SetMyCommands):
            return True
        if isinstance(method, GetMe):
            return BOT_USER
        self.unknown[method.__api_method__] += 1
        raise RuntimeError(f"the in-process Telegram does not answer {method.__api_method__}")

    def _photo(self, method: SendPhoto | EditMessageMedia | EditMessageCaption) -> Message:
        """A picture's message: its caption is what a person reads (the bytes were drawn
        and encoded by the bot, which is what the run measures; only their size is kept)."""
        if isinstance(method, SendPhoto):
            chat_id, message_id = int(method.chat_id), next(self._ids)
            caption, upload = method.caption, method.photo
        elif isinstance(method, EditMessageMedia):
            chat_id, message_id = int(method.chat_id or 0), int(method.message_id or 0)
            caption, upload = method.media.caption, method.media.media
        else:
            chat_id, message_id = int(method.chat_id or 0), int(method.message_id or 0)
            caption, upload = method.caption, None
        if isinstance(upload, BufferedInputFile):
            self.pictures += 1
            self.picture_bytes += len(upload.data)
        shown = Shown(caption or "", _inline(method.reply_markup))
        self.chats.setdefault(chat_id, {})[message_id] = shown
        self.changes[chat_id] += 1
        return self._message(chat_id, message_id, shown)

    def _answered(self, method: AnswerCallbackQuery) -> None:
        self.answers += 1
        if method.show_alert or method.url:
            user_id = int(method.callback_query_id.split(":", 1)[0])
            self.alerts[user_id] += 1
            if len(self.alert_texts) < 5:
                self.alert_texts.append(method.text or method.url or "")

    def _message(self, chat_id: int, message_id: int, shown: Shown) -> Message:
        # A copy of one message per chat: `model_construct` fills in a hundred defaults
        # and costs some 50 times more, which would be charged to the bot.
        template = self._templates.get(chat_id)
        if template is None:
            chat = Chat.model_construct(id=chat_id, type="private")
            template = Message.model_construct(
                message_id=0, date=DATE_TIME, chat=chat, from_user=BOT_USER, text=""
            )
            self._templates[chat_id] = template
        return template.model_copy(
            update={"message_id": message_id, "text": shown.text, "reply_markup": shown.markup}
        )

    # -- the client side of HTTP (`--wire`) ---------------------------------------------

    def _over_the_wire(self, bot: Bot, method: TelegramMethod[Any]) -> Any:
        """What aiogram's aiohttp session does around the network: the request's fields
        prepared as form data, and the answer parsed and validated from JSON."""
        files: dict[str, InputFile] = {}
        form: dict[str, Any] = {}
        for key, value in method.model_dump(warnings=False).items():
            prepared = self.prepare_value(value, bot=bot, files=files)
            if prepared:
                form[key] = prepared
        answer = self._answer(method)
        if isinstance(answer, Message):
            result = (
                f'{{"message_id":{answer.message_id},"date":{DATE},'
                f'"chat":{{"id":{answer.chat.id},"type":"private"}},"from":{BOT_JSON},'
                f'"text":{json.dumps(answer.text)}'
            )
            markup = form.get("reply_markup")
            result += f',"reply_markup":{markup}}}' if markup else "}"
        elif isinstance(answer, User):
            result = BOT_JSON
        else:
            result = json.dumps(answer)
        content = f'{{"ok":true,"result":{result}}}'
        return self.check_response(bot, method, 200, content).result


# -- the floor: a minimal aiogram bot ------------------------------------------------------

FLOOR_MARKUP = InlineKeyboardMarkup(
    inline_keyboard=[
        [InlineKeyboardButton(text=str(n), callback_data=f"{MOVE_PREFIX}{n}") for n in range(1, 5)],
        [InlineKeyboardButton(text="Next", callback_data="gm:next")],
    ]
)


async def _floor_play(message: Message) -> None:
    await message.answer("<b>New game</b>\nPick one", reply_markup=FLOOR_MARKUP)


async def _floor_press(query: CallbackQuery, bot: Bot) -> None:
    await query.answer()
    if isinstance(query.message, Message):
        await bot.edit_message_text(
            text=f"Pressed <b>{query.data}</b>",
            chat_id=query.message.chat.id,
            message_id=query.message.message_id,
            reply_markup=FLOOR_MARKUP,
        )


def build_floor(session: BaseSession) -> Built:
    """No game, no store: what any aiogram bot pays to answer a press and edit a message."""
    bot = Bot(
        token=TOKEN,
        session=session,
        default=DefaultBotProperties(parse_mode=ParseMode.HTML, link_preview_is_disabled=True),
    )
    router = Router(name="floor")
    router.message.register(_floor_play, Command("play"))
    router.callback_query.register(_floor_press)
    dispatcher = Dispatcher()
    dispatcher.include_router(router)
    return Built(dispatcher, bot)


# -- feeding updates and timing them -------------------------------------------------------


class ErrorTally(logging.Handler):
    """Counts every ERROR logged, and shows the first few in full."""

    SHOWN = 5

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        if self.count <= self.SHOWN:
            sys.stderr.write(self.format(record) + "\n")


class StuckError(Exception):
    """A simulated person found nothing sensible to press."""


class StoppedError(Exception):
    """Ctrl-C or SIGTERM: the people stop before their next update."""


STOP = threading.Event()


@dataclass
class Tally:
    """Per update: process CPU and wall-clock seconds, moves apart from the rest."""

    move_cpu: list[float] = field(default_factory=list)
    move_wall: list[float] = field(default_factory=list)
    other_cpu: list[float] = field(default_factory=list)
    other_wall: list[float] = field(default_factory=list)
    move_rebuilds: list[int] = field(default_factory=list)  # with --count
    move_trips: list[int] = field(default_factory=list)
    move_modules: list[int] = field(default_factory=list)
    failed: int = 0  # updates that raised, logged an ERROR, or got an alert
    deferred: int = 0  # updates whose answer came after `feed_update` returned
    stuck: int = 0  # people who found nothing to press, or whose press was refused
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        if len(self.problems) < 5:
            self.problems.append(text)


# What one update costs beyond CPU, counted with `--count`: engine rebuilds (the match
# read back from its stored form), Redis round trips (packets sent to redis-server), and
# the modules of bot/ whose code the update's own task runs (a function called in it).
COUNTS: Counter[str] = Counter()
BOT_DIR = str(ROOT / "bot") + os.sep


class ModuleTrail:
    """The modules of bot/ whose functions one task calls, noted by a profile hook
    (other tasks running meanwhile, the worker's among them, are not counted)."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.last: list[str] = []  # the modules of the last move press, for the report
        self._task: asyncio.Task[Any] | None = None

    def _hook(self, frame: Any, event: str, _arg: object) -> None:
        if event == "call" and asyncio.current_task() is self._task:
            filename = frame.f_code.co_filename
            if filename.startswith(BOT_DIR):
                self.seen.add(filename[len(BOT_DIR) :])

    def start(self) -> None:
        self.seen = set()
        self._task = asyncio.current_task()
        sys.setprofile(self._hook)

    def stop(self) -> int:
        sys.setprofile(None)
        if self.seen:  # the floor's bot has none of bot/'s modules
            self.last = sorted(self.seen)
        return len(self.seen)


TRAIL = ModuleTrail()


def install_counters() -> None:
    """Count every `Match.from_dict` and every command packet sent to Redis."""
    from redis.asyncio.connection import AbstractConnection  # noqa: PLC0415

    from core.engine import Match  # noqa: PLC0415

    rebuild = Match.from_dict.__func__  # type: ignore[attr-defined]

    def counted_rebuild(cls: type[Match], data: dict[str, Any]) -> Match:
        COUNTS["rebuilds"] += 1
        return rebuild(cls, data)  # type: ignore[no-any-return]

    Match.from_dict = classmethod(counted_rebuild)  # type: ignore[method-assign, assignment]
    send = AbstractConnection.send_packed_command

    async def counted_send(
        self: AbstractConnection, command: Any, check_health: bool = True
    ) -> None:
        COUNTS["round_trips"] += 1
        await send(self, command, check_health)

    AbstractConnection.send_packed_command = counted_send  # type: ignore[method-assign]


class Feeder:
    """Turns a person's message or press into an `Update`, feeds it to the dispatcher,
    and times the dispatcher's handling of it."""

    def __init__(self, dispatcher: Dispatcher, bot: Bot, session: InstantTelegram) -> None:
        self.dispatcher, self.bot, self.session = dispatcher, bot, session
        self.tally = Tally()
        self.errors = next(
            (h for h in logging.getLogger().handlers if isinstance(h, ErrorTally)), ErrorTally()
        )
        self._updates = itertools.count(1)
        self._queries = itertools.count(1)

    async def send(self, person: Person, text: str) -> None:
        length = len(text.split(maxsplit=1)[0])
        message = {
            "message_id": next(self.session._ids),
            "date": DATE,
            "chat": person.chat,
            "from": person.user,
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": length}],
        }
        update = {"update_id": next(self._updates), "message": message}
        await self._feed(update, person.user_id, move=False)

    async def press(self, person: Person, message_id: int, shown: Shown, data: str) -> None:
        message: dict[str, Any] = {
            "message_id": message_id,
            "date": DATE,
            "chat": person.chat,
            "from": BOT_USER.model_dump(exclude_none=True, by_alias=True),
            "text": shown.text,
        }
        markup = shown.markup_json()
        if markup is not None:
            message["reply_markup"] = markup
        query = {
            "id": f"{person.user_id}:{next(self._queries)}",  # the fake reads the user back
            "from": person.user,
            "chat_instance": f"ci{person.user_id}",
            "message": message,
            "data": data,
        }
        update = {"update_id": next(self._updates), "callback_query": query}
        await self._feed(update, person.user_id, move=data.startswith(MOVE_PREFIX))

    async def _feed(self, data: dict[str, Any], user_id: int, *, move: bool) -> None:
        if STOP.is_set():
            raise StoppedError
        dispatcher, bot = self.dispatcher, self.bot
        # With people playing at once, an error logged meanwhile may be another's: it
        # still counts once, as some update's failure.
        session = self.session
        errors, alerts, changes = (
            self.errors.count,
            session.alerts[user_id],
            session.changes[user_id],
        )
        rebuilds, trips = COUNTS["rebuilds"], COUNTS["round_trips"]
        counting = move and bool(COUNTS)
        if counting:
            TRAIL.start()
        try:
            if self.session.wire:
                cpu, wall = time.process_time(), time.perf_counter()
                await dispatcher.feed_raw_update(bot, data)
            else:
                # Validated with the bot in context, as polling does: otherwise aiogram
                # re-creates the update inside `feed_update` (a JSON round trip).
                update = Update.model_validate(data, context={"bot": bot})
                cpu, wall = time.process_time(), time.perf_counter()
                await dispatcher.feed_update(bot, update)
        except Exception as exc:  # counted and shown: the run goes on
            self.tally.failed += 1
            self.tally.problem(f"update raised {type(exc).__name__}: {exc}")
            return
        finally:
            modules = TRAIL.stop() if counting else 0
        if session.changes[user_id] == changes:
            # Not answered within the update (its chat's slot was taken, say): a person
            # waits until the message changes, and so does the update's time.
            self.tally.deferred += 1
            deadline = wall + ANSWER_TIMEOUT
            while session.changes[user_id] == changes and time.perf_counter() < deadline:
                await asyncio.sleep(0.001)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if self.errors.count != errors or session.alerts[user_id] != alerts:
            self.tally.failed += 1
        if move:
            self.tally.move_cpu.append(cpu)
            self.tally.move_wall.append(wall)
            self.tally.move_rebuilds.append(COUNTS["rebuilds"] - rebuilds)
            self.tally.move_trips.append(COUNTS["round_trips"] - trips)
            if counting:
                self.tally.move_modules.append(modules)
        else:
            self.tally.other_cpu.append(cpu)
            self.tally.other_wall.append(wall)


# -- the simulated people ------------------------------------------------------------------


class Person:
    """A Telegram user with a private chat with the bot."""

    def __init__(self, index: int, seed: int) -> None:
        self.index = index
        self.user_id = USER_BASE + index
        name = f"Player {index}"
        self.user = {"id": self.user_id, "is_bot": False, "first_name": name, "language_code": "en"}
        self.chat = {"id": self.user_id, "type": "private", "first_name": name}
        self.rng = random.Random(f"{seed}:{index}")
        self.script: list[Kind] = []  # what was sent, for the floor to send alike
        self.finished = 0
        self.alerts_seen = 0

    def look(self, feeder: Feeder) -> tuple[int, Shown]:
        found = feeder.session.latest(self.user_id)
        if found is None:
            raise StuckError(f"{self.user_id}: the bot never wrote")
        return found

    def check_refused(self, feeder: Feeder) -> None:
        alerts = feeder.session.alerts[self.user_id]
        if alerts != self.alerts_seen:
            self.alerts_seen = alerts
            raise StuckError(f"{self.user_id}: a press was refused with an alert")


class Player(Person):
    """Plays direct games the way a person does: /play, the menu, then whatever the
    game message offers: a move (picked at random among the buttons), Next hand,
    Rematch (until `matches` are over)."""

    def __init__(self, index: int, seed: int, variant: str, level: str, target: int) -> None:
        super().__init__(index, seed)
        self.variant, self.level, self.target = variant, level, target

    async def play(self, feeder: Feeder, matches: int) -> None:
        self.script.append("command")
        await feeder.send(self, "/play")
        updates = 0
        while True:
            message_id, shown = self.look(feeder)
            choice = self._choose(shown, matches)
            if choice is None:
                return
            updates += 1
            if updates > UPDATES_PER_MATCH_LIMIT * matches:
                raise StuckError(f"{self.user_id}: no end after {updates} presses")
            self.script.append("move" if choice.startswith(MOVE_PREFIX) else "press")
            await feeder.press(self, message_id, shown, choice)
            self.check_refused(feeder)

    def _choose(self, shown: Shown, matches: int) -> str | None:
        buttons = shown.buttons()
        if not buttons:
            raise StuckError(f"{self.user_id}: nothing to press under {shown.text[:300]!r}")
        moves = [data for _, data in buttons if data.startswith(MOVE_PREFIX)]
        if moves:
            return self.rng.choice(moves)
        labels = {text.casefold(): data for text, data in buttons}
        if REMATCH in labels:
            self.finished += 1
            return None if self.finished >= matches else labels[REMATCH]
        if NEXT_HAND in labels:
            return labels[NEXT_HAND]
        return self._menu(buttons, labels)

    def _menu(self, buttons: list[tuple[str, str]], labels: dict[str, str]) -> str:
        if any(v in text for text in labels for v in VARIANTS):
            wanted = [data for text, data in labels.items() if self.variant in text]
        elif set(LEVELS) <= set(labels):
            wanted = [labels[self.level]]
        elif all(text.isdigit() for text in labels):
            wanted = [data for text, data in labels.items() if text == str(self.target)]
        else:  # how many bot opponents: any
            wanted = [self.rng.choice(buttons)[1]]
        if not wanted:
            raise StuckError(f"{self.user_id}: no button for this menu in {list(labels)}")
        return wanted[0]


class FloorPlayer(Person):
    """Sends the floor bot the same kinds of updates, in the same order, as a player
    sent the game bot."""

    def __init__(self, index: int, seed: int, script: Sequence[Kind]) -> None:
        super().__init__(index, seed)
        self.replay = script

    async def play(self, feeder: Feeder, matches: int) -> None:
        for kind in self.replay:
            self.script.append(kind)
            if kind == "command":
                await feeder.send(self, "/play")
                continue
            message_id, shown = self.look(feeder)
            move = kind == "move"
            data = [d for _, d in shown.buttons() if d.startswith(MOVE_PREFIX) == move]
            await feeder.press(self, message_id, shown, self.rng.choice(data))
            self.check_refused(feeder)


# -- runs ----------------------------------------------------------------------------------


@dataclass
class Figures:
    """One run's figures (milliseconds)."""

    name: str
    updates: int
    moves: int
    cpu_all: float
    cpu_moves: float | None  # None: not separable (people playing at once)
    p50_all: float
    p99_all: float
    p50_moves: float
    p99_moves: float
    wall_rate: float  # updates per wall-clock second
    finished: int
    expected: int  # matches the people meant to finish
    failed: int
    deferred: int  # updates answered only after they returned
    redis_cpu: float | None  # redis-server's CPU per update, when there is one
    redis_commands: float | None  # and the commands it ran per update
    rebuilds: float  # engine rebuilds per move update (with --count)
    trips: float  # Redis round trips per move update (with --count)
    modules: float  # modules of bot/ a move update runs code of (with --count)
    scripts: list[list[Kind]]
    problems: list[str]
    pictures: int = 0  # pictures uploaded (--look picture)
    picture_bytes: int = 0


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile, in milliseconds (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] * 1000


@dataclass(frozen=True)
class Plan:
    """What the people play, from the command line."""

    games: int
    users: int
    matches_per_user: int
    level: str
    variant: str
    target: int
    seed: int
    wire: bool
    look: str = "text"

    def variant_of(self, index: int) -> str:
        return VARIANTS[index % len(VARIANTS)] if self.variant == "mixed" else self.variant

    def people(self, concurrent: bool) -> tuple[int, int]:
        """How many people, and matches each: sequentially a few matches each (so
        that Rematch is pressed too); at once, `users` people."""
        if concurrent:
            return self.users, max(1, round(self.games / self.users))
        return max(1, math.ceil(self.games / self.matches_per_user)), self.matches_per_user


async def redis_usage(redis: Redis) -> tuple[float, int]:
    """redis-server's CPU seconds and the commands it has run so far."""
    cpu, stats = await redis.info("cpu"), await redis.info("stats")
    used = float(cpu["used_cpu_sys"]) + float(cpu["used_cpu_user"])
    return used, int(stats["total_commands_processed"])


async def drive(
    name: str,
    feeder: Feeder,
    people: Sequence[Player | FloorPlayer],
    matches: int,
    *,
    concurrent: bool,
    redis: Redis | None = None,
    profiler: Profiler | None = None,
) -> Figures:
    """Let `people` play (one after the other, or all at once) and sum up."""
    gc.collect()
    redis_before = await redis_usage(redis) if redis is not None else (0.0, 0)
    if profiler is not None:
        profiler.start()
    cpu, wall = time.process_time(), time.perf_counter()

    async def one(person: Player | FloorPlayer) -> None:
        try:
            await person.play(feeder, matches)
        except StuckError as exc:
            feeder.tally.problem(str(exc))
            feeder.tally.stuck += 1

    if concurrent:
        outcomes = await asyncio.gather(*(one(p) for p in people), return_exceptions=True)
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                raise outcome
    else:
        for person in people:
            await one(person)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if profiler is not None:
        profiler.stop()
    redis_after = await redis_usage(redis) if redis is not None else None

    tally = feeder.tally
    moves, others = len(tally.move_cpu), len(tally.other_cpu)
    updates = moves + others
    session = feeder.session
    problems = list(tally.problems)
    if tally.stuck:
        problems.append(f"{tally.stuck} people stopped before the end")
    if session.unknown:
        problems.append(f"requests the in-process Telegram does not answer: {session.unknown}")
    if session.alert_texts:
        problems.append(f"alerts: {session.alert_texts}")
    presses = sum(kind != "command" for p in people for kind in p.script)
    if session.answers != presses:
        problems.append(f"presses answered: {session.answers} (every press, once, expected)")
    total = max(updates, 1)
    return Figures(
        name=name,
        updates=updates,
        moves=moves,
        cpu_all=(cpu if concurrent else sum(tally.move_cpu) + sum(tally.other_cpu)) / total * 1000,
        cpu_moves=None if concurrent else statistics.fmean(tally.move_cpu or [0.0]) * 1000,
        p50_all=percentile(tally.move_wall + tally.other_wall, 50),
        p99_all=percentile(tally.move_wall + tally.other_wall, 99),
        p50_moves=percentile(tally.move_wall, 50),
        p99_moves=percentile(tally.move_wall, 99),
        wall_rate=updates / wall if wall else 0.0,
        finished=sum(p.finished for p in people if isinstance(p, Player)),
        expected=matches * sum(isinstance(p, Player) for p in people),
        failed=tally.failed,
        deferred=tally.deferred,
        redis_cpu=None
        if redis_after is None
        else (redis_after[0] - redis_before[0]) / total * 1000,
        redis_commands=None
        if redis_after is None
        else (redis_after[1] - redis_before[1] - 2) / total,  # 2: the INFO calls
        rebuilds=statistics.fmean(tally.move_rebuilds or [0]),
        trips=statistics.fmean(tally.move_trips or [0]),
        modules=statistics.fmean(tally.move_modules or [0]),
        scripts=[list(p.script) for p in people],
        problems=problems,
    )


async def game_run(
    name: str,
    redis: Redis,
    plan: Plan,
    *,
    concurrent: bool,
    real: bool,
    profiler: Profiler | None = None,
) -> Figures:
    await redis.flushall()  # every run starts empty: the same games, the same ids
    session = InstantTelegram(wire=plan.wire)
    built = build(redis, session, plan.seed, plan.look)
    count, matches = plan.people(concurrent)
    people = [
        Player(i, plan.seed, plan.variant_of(i), plan.level, plan.target) for i in range(count)
    ]
    feeder = Feeder(built.dispatcher, built.bot, session)
    background = asyncio.create_task(built.background()) if built.background else None
    try:
        figures = await drive(
            name,
            feeder,
            people,
            matches,
            concurrent=concurrent,
            redis=redis if real else None,
            profiler=profiler,
        )
    finally:
        failure = await stop(background) if background is not None else None
    if failure:
        figures.problems.append(failure)
    figures.pictures, figures.picture_bytes = session.pictures, session.picture_bytes
    return figures


async def stop(task: asyncio.Task[None]) -> str | None:
    """Cancel `task` and wait for it, cancelling again if it swallowed the cancellation
    (see `main`); what it failed with, if it had failed."""
    for _ in range(100):
        task.cancel()
        done, _ = await asyncio.wait({task}, timeout=0.1)
        if done:
            break
    if not task.done():
        return "the bot's background task did not stop"
    if task.cancelled() or task.exception() is None:
        return None
    return f"the bot's background task failed: {task.exception()!r}"


async def floor_run(
    name: str, scripts: list[list[Kind]], plan: Plan, *, concurrent: bool
) -> Figures:
    session = InstantTelegram(wire=plan.wire)
    built = build_floor(session)
    people = [FloorPlayer(i, plan.seed, script) for i, script in enumerate(scripts)]
    feeder = Feeder(built.dispatcher, built.bot, session)
    return await drive(name, feeder, people, 1, concurrent=concurrent)


# -- what Redis holds ----------------------------------------------------------------------


@dataclass
class KeyGroup:
    keys: int = 0
    payload: int = 0
    memory: int = 0
    no_ttl: int = 0
    types: Counter[str] = field(default_factory=Counter)


def _len(value: bytes | str | float) -> int:
    return len(value) if isinstance(value, bytes | str) else 8


async def payload_bytes(redis: Redis, key: bytes, kind: str) -> int:
    """The bytes stored under `key`: the value's own, without Redis's overhead."""
    if kind == "string":
        return int(await redis.strlen(key))
    if kind == "hash":
        fields = await redis.hgetall(key)
        return sum(_len(k) + _len(v) for k, v in fields.items())
    if kind == "set":
        return sum(_len(m) for m in await redis.smembers(key))
    if kind == "zset":
        members = await redis.zrange(key, 0, -1)
        return sum(len(m) + 8 for m in members if isinstance(m, bytes | str))  # 8: the score
    if kind == "list":
        return sum(_len(m) for m in await redis.lrange(key, 0, -1))
    return 0


async def key_groups(redis: Redis) -> dict[str, KeyGroup]:
    """Every key, grouped by its prefix up to the last ':' once every hash tag reads
    `{*}` (the shards' `{shard-<n>}` and the game ids' `{<id>}` alike)."""
    groups: dict[str, KeyGroup] = {}
    async for key in redis.scan_iter(count=1000):
        text = re.sub(r"\{[^}]*\}", "{*}", key.decode() if isinstance(key, bytes) else str(key))
        prefix = text.rsplit(":", 1)[0] + ":*" if ":" in text else text
        kind_raw = await redis.type(key)
        kind = kind_raw.decode() if isinstance(kind_raw, bytes) else str(kind_raw)
        group = groups.setdefault(prefix, KeyGroup())
        group.keys += 1
        group.types[kind] += 1
        group.payload += await payload_bytes(redis, key, kind)
        group.memory += int(await redis.memory_usage(key, samples=0) or 0)
        if await redis.ttl(key) == -1:
            group.no_ttl += 1
    return groups


def print_bytes(groups: dict[str, KeyGroup], finished: int, updates: int) -> None:
    print(f"\nRedis after {finished} finished games ({updates} updates; first sequential run)")
    if not groups or not finished:
        print("  nothing to size: no key, or no finished game")
        return
    print(
        f"  {'key prefix':<22} {'type':<8} {'keys':>6} {'keys/game':>10} "
        f"{'payload B/key':>14} {'memory B/key':>13} {'no TTL':>7}"
    )
    for prefix, g in sorted(groups.items(), key=lambda item: -item[1].memory):
        kinds = ",".join(sorted(g.types))
        print(
            f"  {prefix:<22} {kinds:<8} {g.keys:>6} {g.keys / finished:>10.2f} "
            f"{g.payload / g.keys:>14.0f} {g.memory / g.keys:>13.0f} {g.no_ttl:>7}"
        )
    from bot.store.keys import PREFIX  # noqa: PLC0415
    from bot.store.updates import DONE  # noqa: PLC0415

    # The claims on updates (`bot.store.updates`) are not kept per game: each lapses
    # within minutes, so Redis holds about (updates a second x their lifetime) of them
    # whatever the number of games. They are shown above and left out of the sum.
    kept = {p: g for p, g in groups.items() if not p.startswith(f"{PREFIX}:update:")}
    transient = sum(g.memory for p, g in groups.items() if p not in kept)
    payload = sum(g.payload for g in kept.values()) / finished
    memory = sum(g.memory for g in kept.values()) / finished
    print(
        f"  per finished game: payload {payload:,.0f} B, MEMORY USAGE {memory:,.0f} B   "
        f"target <= {BYTES_TARGET:,} B: payload {_met(payload <= BYTES_TARGET)}, "
        f"memory {_met(memory <= BYTES_TARGET)}"
    )
    print("  (keys that are not per game, one per person or one in all, are spread over games)")
    print(
        f"  claims on updates, left out above (each lapses within "
        f"{DONE.total_seconds():.0f} s): {transient:,.0f} B in all"
    )
    print("  exact replay: not checked here (what is stored must still replay exactly)")


# -- the real redis-server -----------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def redis_server(executable: str) -> Iterator[int]:
    """A redis-server of our own on a free port, in a temporary directory, with no
    persistence; stopped and removed on the way out, whatever happens."""
    directory = tempfile.mkdtemp(prefix="bot-throughput-redis-")
    port = free_port()
    command = [
        executable,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        directory,
        "--logfile",
        os.path.join(directory, "redis.log"),
    ]
    # Its own session: Ctrl-C reaches this script only, which stops the server after
    # its last request instead of finding it gone mid-run.
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            if process.poll() is not None:
                log = Path(directory, "redis.log")
                tail = log.read_text()[-2000:] if log.exists() else ""
                raise RuntimeError(f"redis-server exited with {process.returncode}: {tail}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("redis-server did not start within 10 s") from None
                time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(directory, ignore_errors=True)


# -- the report ----------------------------------------------------------------------------


def _met(ok: bool) -> str:
    return "MET" if ok else "NOT MET"


def _median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else 0.0


def median_figures(runs: Sequence[Figures]) -> Figures:
    """The median of each figure over the rounds; counts from the first round, failures
    and finished games summed."""
    first = runs[0]
    moves_cpu = [r.cpu_moves for r in runs if r.cpu_moves is not None]
    redis_cpu = [r.redis_cpu for r in runs if r.redis_cpu is not None]
    commands = [r.redis_commands for r in runs if r.redis_commands is not None]
    return Figures(
        name=first.name,
        updates=first.updates,
        moves=first.moves,
        cpu_all=_median([r.cpu_all for r in runs]),
        cpu_moves=_median(moves_cpu) if moves_cpu else None,
        p50_all=_median([r.p50_all for r in runs]),
        p99_all=_median([r.p99_all for r in runs]),
        p50_moves=_median([r.p50_moves for r in runs]),
        p99_moves=_median([r.p99_moves for r in runs]),
        wall_rate=_median([r.wall_rate for r in runs]),
        finished=sum(r.finished for r in runs),
        expected=sum(r.expected for r in runs),
        failed=sum(r.failed for r in runs),
        deferred=sum(r.deferred for r in runs),
        redis_cpu=_median(redis_cpu) if redis_cpu else None,
        redis_commands=_median(commands) if commands else None,
        rebuilds=_median([r.rebuilds for r in runs]),
        trips=_median([r.trips for r in runs]),
        modules=_median([r.modules for r in runs]),
        scripts=[],
        problems=[p for r in runs for p in r.problems],
        pictures=first.pictures,
        picture_bytes=first.picture_bytes,
    )


def print_table(rows: Sequence[Figures], rounds: int) -> None:
    print(f"\nMedians of {rounds} rounds (ms; 'moves' = move presses, callback data 'mv:')")
    header = (
        f"{'run':<20} {'updates':>7} {'moves':>6} {'CPU/upd':>8} {'CPU/move':>9} "
        f"{'upd/s/core':>10} {'mv/s/core':>9} {'p50 all/mv':>12} {'p99 all/mv':>12} "
        f"{'upd/s wall':>10} {'games':>6} {'failed':>6}"
    )
    print(header)
    print("-" * len(header))
    for r in rows:
        moves_cpu = f"{r.cpu_moves:>9.3f}" if r.cpu_moves is not None else f"{'-':>9}"
        moves_rate = f"{1000 / r.cpu_moves:>9.0f}" if r.cpu_moves else f"{'-':>9}"
        all_rate = 1000 / r.cpu_all if r.cpu_all else 0.0
        print(
            f"{r.name:<20} {r.updates:>7} {r.moves:>6} {r.cpu_all:>8.3f} {moves_cpu} "
            f"{all_rate:>10.0f} {moves_rate} "
            f"{f'{r.p50_all:.2f}/{r.p50_moves:.2f}':>12} "
            f"{f'{r.p99_all:.2f}/{r.p99_moves:.2f}':>12} "
            f"{r.wall_rate:>10.0f} {r.finished:>6} {r.failed:>6}"
        )
    print(
        "CPU: process CPU time per update (bot threads included); in the 'at once' rows the "
        "whole run's CPU, simulated people included, over its updates. games: finished "
        "matches, all rounds."
    )
    for r in rows:
        if r.redis_cpu is not None and r.redis_commands is not None:
            print(
                f"redis-server, {r.name}: {r.redis_commands:.1f} commands and "
                f"{r.redis_cpu:.3f} ms CPU per update (its CPU not counted above)"
            )
    for r in rows:
        if r.deferred:
            print(f"{r.name}: {r.deferred} updates answered after they returned (all rounds)")
    for r in rows:
        if r.pictures:
            print(
                f"{r.name}: {r.pictures} pictures drawn and uploaded ({r.pictures / r.updates:.2f}"
                f" an update), {r.picture_bytes / r.pictures / 1024:.1f} KB each (first round)"
            )


def print_targets(real: Figures, fake: Figures, floor: Figures, ratios: Sequence[float]) -> None:
    assert real.cpu_moves is not None
    assert fake.cpu_moves is not None
    ratio = _median(ratios)
    print("\nTargets (sequential runs)")
    print(
        f"  CPU per move update, game bot with real Redis: {real.cpu_moves:.3f} ms   "
        f"target <= {CPU_TARGET_MS:g} ms: {_met(real.cpu_moves <= CPU_TARGET_MS)}"
    )
    print(
        f"  ... over the floor's CPU per update ({floor.cpu_all:.3f} ms): {ratio:.2f}x "
        f"(median of the rounds' ratios: {', '.join(f'{r:.2f}' for r in ratios)})   "
        f"target <= {RATIO_TARGET:g}x: {_met(ratio <= RATIO_TARGET)}"
    )
    print(
        f"  for comparison, with fakeredis: {fake.cpu_moves:.3f} ms per move update, "
        f"{fake.cpu_moves / floor.cpu_all:.2f}x the floor"
    )


# -- profiling -----------------------------------------------------------------------------

P = ParamSpec("P")
T = TypeVar("T")


class ProfilingExecutor(ThreadPoolExecutor):
    """The loop's default executor (`asyncio.to_thread`) with each worker thread's CPU
    time profiled while `active`: the engine and the bot players run there."""

    def __init__(self) -> None:
        super().__init__(thread_name_prefix="profiled")
        self.active = False
        self.profiles: list[cProfile.Profile] = []
        self._local = threading.local()
        self._lock = threading.Lock()

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        def profiled() -> T:
            if not self.active:
                return fn(*args, **kwargs)
            profile: cProfile.Profile | None = getattr(self._local, "profile", None)
            if profile is None:
                profile = cProfile.Profile(time.thread_time)
                self._local.profile = profile
                with self._lock:
                    self.profiles.append(profile)
            profile.enable()
            try:
                return fn(*args, **kwargs)
            finally:
                profile.disable()

        return super().submit(profiled)


class Profiler:
    """CPU time (`time.thread_time`: waiting costs nothing) of the event loop's thread
    and of the worker threads, while the people play; the bot's set-up is left out."""

    def __init__(self) -> None:
        self.main = cProfile.Profile(time.thread_time)
        self.executor = ProfilingExecutor()

    def install(self) -> None:
        asyncio.get_running_loop().set_default_executor(self.executor)

    def start(self) -> None:
        self.executor.active = True
        self.main.enable()

    def stop(self) -> None:
        self.main.disable()
        self.executor.active = False

    def stats(self) -> pstats.Stats:
        stats = pstats.Stats(self.main)
        for profile in self.executor.profiles:
            stats.add(profile)
        return stats


def _relative(filename: str) -> str:
    for base in sorted((p for p in (*sys.path, str(ROOT)) if p), key=len, reverse=True):
        if filename.startswith(base + os.sep):
            return filename[len(base) + 1 :]
    return filename


def _where(filename: str, line: int, function: str) -> str:
    return f"{_relative(filename)}:{line}({function})" if line else function


def _package(filename: str) -> str:
    if filename == "~":
        return "(C functions)"
    return _relative(filename).split(os.sep, 1)[0].removesuffix(".py")


PROJECT_PACKAGES = ("bot", "core", "texts")

# Frames that only carry others: the event loop, the worker threads, this script.
_CARRIERS = (
    f"asyncio{os.sep}base_events.py",
    f"asyncio{os.sep}events.py",
    f"concurrent{os.sep}futures{os.sep}thread.py",
    "_contextvars.Context",
    Path(__file__).name,
)


def print_profile(stats: pstats.Stats, top: int = int(os.environ.get("PROFILE_TOP", "15"))) -> None:
    entries: dict[tuple[str, int, str], tuple[int, int, float, float, object]]
    entries = stats.stats  # type: ignore[attr-defined]  # pstats keeps it untyped
    lists = (
        ("cumulative CPU time", 3, False),
        ("cumulative CPU time, the project's code only", 3, True),
        ("own CPU time (tottime)", 2, False),
    )
    for title, index, own_code in lists:
        print(f"\nTop {top} by {title} (ms; event loop thread and worker threads)")
        print(f"{'calls':>9} {'tottime':>9} {'cumtime':>9}  function")
        shown = [
            (where, numbers)
            for where, numbers in entries.items()
            if (index == 2 or not any(c in where[0] or c in where[2] for c in _CARRIERS))
            and (not own_code or _package(where[0]) in PROJECT_PACKAGES)
        ]
        shown.sort(key=lambda item: -float(item[1][index]))  # type: ignore[arg-type]
        for (filename, line, function), (_, calls, tottime, cumtime, _) in shown[:top]:
            print(
                f"{calls:>9} {tottime * 1000:>9.0f} {cumtime * 1000:>9.0f}  "
                f"{_where(filename, line, function)}"
            )
    print(
        "(cumulative: the event loop's and this script's frames left out; a coroutine's "
        "calls count its resumptions)"
    )
    packages: dict[str, float] = {}
    for (filename, _, _), (_, _, tottime, _, _) in entries.items():
        package = _package(filename)
        packages[package] = packages.get(package, 0.0) + tottime
    total = sum(packages.values()) or 1.0
    print("\nOwn CPU time by top-level package or module (ms, share)")
    for package, seconds in sorted(packages.items(), key=lambda item: -item[1])[:15]:
        print(f"{seconds * 1000:>9.0f} {seconds / total:>6.1%}  {package}")


async def profile_run(plan: Plan, port: int) -> None:
    profiler = Profiler()
    profiler.install()
    redis = Redis(host="127.0.0.1", port=port)
    try:
        await game_run("warm-up", redis, plan, concurrent=False, real=True)
        figures = await game_run(
            "profiled", redis, plan, concurrent=False, real=True, profiler=profiler
        )
    finally:
        await redis.aclose()
    print(
        f"Profiled: game bot with real Redis, sequential, {figures.updates} updates "
        f"({figures.moves} moves), {figures.finished} finished games, {figures.failed} failed"
    )
    print_profile(profiler.stats())


# -- main ----------------------------------------------------------------------------------


async def warm_up(plan: Plan) -> None:
    """One small run of each bot first: imports, caches and lazy setup are not measured."""
    small = dataclasses.replace(plan, games=2, users=2)
    redis = FakeAsyncRedis(server=FakeServer())
    try:
        figures = await game_run("warm-up", redis, small, concurrent=False, real=False)
    finally:
        await redis.aclose()
    await floor_run("warm-up", figures.scripts, small, concurrent=False)
    if figures.failed or figures.problems:
        raise SystemExit(f"the warm-up failed: {figures.problems}")


async def benchmark(plan: Plan, rounds: int, port: int) -> int:
    await warm_up(plan)
    real_redis = Redis(host="127.0.0.1", port=port)
    fake_redis = FakeAsyncRedis(server=FakeServer())
    results: dict[str, list[Figures]] = {}
    ratios: list[float] = []
    bytes_report: tuple[dict[str, KeyGroup], int, int] = ({}, 0, 0)
    at_once = f"x{plan.users} at once"
    try:
        for round_no in range(rounds):
            for concurrent in (False, True):
                suffix = at_once if concurrent else "sequential"
                real = await game_run(
                    f"redis {suffix}", real_redis, plan, concurrent=concurrent, real=True
                )
                if round_no == 0 and not concurrent:
                    groups = await key_groups(real_redis)
                    bytes_report = (groups, real.finished, real.updates)
                fake = await game_run(
                    f"fakeredis {suffix}", fake_redis, plan, concurrent=concurrent, real=False
                )
                floor = await floor_run(
                    f"floor {suffix}", real.scripts, plan, concurrent=concurrent
                )
                for figures in (real, fake, floor):
                    results.setdefault(figures.name, []).append(figures)
                if not concurrent and real.cpu_moves and floor.cpu_all:
                    ratios.append(real.cpu_moves / floor.cpu_all)
                print(
                    f"round {round_no + 1}/{rounds} {suffix}: redis {real.cpu_all:.3f}, "
                    f"fakeredis {fake.cpu_all:.3f}, floor {floor.cpu_all:.3f} ms CPU/update",
                    flush=True,
                )
    finally:
        await real_redis.aclose()
        await fake_redis.aclose()

    rows = [median_figures(runs) for runs in results.values()]
    print_table(rows, rounds)
    by_name = {r.name: r for r in rows}
    print_targets(
        by_name["redis sequential"],
        by_name["fakeredis sequential"],
        by_name["floor sequential"],
        ratios,
    )
    print_bytes(*bytes_report)
    if COUNTS:
        real, fake = by_name["redis sequential"], by_name["fakeredis sequential"]
        print(
            f"\nPer move update (sequential): {real.rebuilds:.2f} engine rebuilds, "
            f"{real.trips:.2f} Redis round trips (fakeredis run: {fake.rebuilds:.2f} rebuilds), "
            f"{real.modules:.1f} modules of bot/"
        )
        print(f"  the last move's modules: {', '.join(TRAIL.last)}")

    failed = sum(r.failed for r in rows)
    unfinished = [f"{r.name} ({r.finished}/{r.expected})" for r in rows if r.finished < r.expected]
    finished, expected = sum(r.finished for r in rows), sum(r.expected for r in rows)
    print(f"\nFinished matches: {finished} of {expected} played (all game runs, all rounds)")
    print(f"Failed updates: {failed}" + (" (see above)" if failed else ""))
    problems = [p for r in rows for p in r.problems]
    for problem in problems[:10]:
        print(f"  {problem}")
    if unfinished:
        print(f"Runs with matches that did not finish: {', '.join(unfinished)}")
    return 1 if failed or unfinished or problems else 0


def _interrupt(_signum: int, _frame: object) -> None:
    """The first signal lets every update in progress finish and stops the people
    (then Redis clients close and redis-server stops); a second one stops at once."""
    if STOP.is_set():
        raise KeyboardInterrupt
    STOP.set()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=60, help="matches per run (default 60)")
    parser.add_argument("--users", type=int, default=50, help="people at once (default 50)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument("--level", choices=LEVELS, default="medium", help="the bots' level")
    parser.add_argument("--variant", choices=("mixed", *VARIANTS), default="mixed")
    parser.add_argument("--target", type=int, choices=(50, 100, 150), default=50)
    parser.add_argument(
        "--matches-per-user",
        type=int,
        default=2,
        help="sequential runs: matches each person plays, with Rematch (default 2)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--look",
        choices=("text", "picture"),
        default="text",
        help="games shown in words (default, as before pictures) or drawn",
    )
    parser.add_argument(
        "--wire", action="store_true", help="also parse updates and answers, serialise requests"
    )
    parser.add_argument(
        "--profile", action="store_true", help="profile one sequential real-Redis run instead"
    )
    parser.add_argument(
        "--count",
        action="store_true",
        help="also count engine rebuilds and Redis round trips per move (costs some CPU)",
    )
    parser.add_argument(
        "--redis-server", default=shutil.which("redis-server") or "/usr/bin/redis-server"
    )
    args = parser.parse_args(argv)
    if args.count:
        install_counters()
    plan = Plan(
        games=args.games,
        users=args.users,
        matches_per_user=args.matches_per_user,
        level=args.level,
        variant=args.variant,
        target=args.target,
        seed=args.seed,
        wire=args.wire,
        look=args.look,
    )

    # Only errors are shown (the bot warns about its settings, aiogram logs every
    # update at INFO); every one is counted as a failure.
    logging.basicConfig(level=logging.ERROR, handlers=[ErrorTally()], force=True)
    # Not asyncio.run's Ctrl-C, which cancels the main task: on Python 3.11
    # asyncio.wait_for (redis-py waits on every command with it) can swallow that
    # cancellation, and the run would go on.
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _interrupt)
    print(
        f"bot_throughput: {plan.games} games per run, level {plan.level}, variant "
        f"{plan.variant}, target {plan.target}, {args.rounds} rounds, {plan.users} people at "
        f"once, seed {plan.seed}, {'wire' if plan.wire else 'objects'}, {plan.look}; "
        f"{os.cpu_count()} CPUs, Python {sys.version.split()[0]}",
        flush=True,
    )
    try:
        with redis_server(args.redis_server) as port:
            if args.profile:
                asyncio.run(profile_run(plan, port))
                return 0
            return asyncio.run(benchmark(plan, args.rounds, port))
    except (StoppedError, KeyboardInterrupt):
        print("\ninterrupted: redis-server stopped", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
