"""LOG_FORMAT=json: every log line is one JSON object, tracebacks included."""

from __future__ import annotations

import json
import logging
import os
import sys

from bot.logs import JsonFormatter, configure_logging
from tests.bot.bot_process import run_bot
from tests.ports import free_port

TOKEN = "123456:AAbbCCddEEffGGhhIIjjKKllMMnn"


def record(message: str, *args: object, exc: bool = False) -> logging.LogRecord:
    info = None
    if exc:
        try:
            raise ValueError("deep inside")
        except ValueError:
            info = sys.exc_info()
    return logging.LogRecord("bot.test", logging.WARNING, __file__, 1, message, args, info)


def test_a_record_is_one_line_of_json() -> None:
    line = JsonFormatter().format(record('%s said "hi"\nthen left', "Ïgor ⟨admin⟩"))
    assert "\n" not in line
    parsed = json.loads(line)
    assert parsed["level"] == "WARNING"
    assert parsed["logger"] == "bot.test"
    assert parsed["message"] == 'Ïgor ⟨admin⟩ said "hi"\nthen left'
    assert parsed["time"].endswith("+00:00")
    assert "exc" not in parsed


def test_a_traceback_stays_inside_its_line() -> None:
    line = JsonFormatter().format(record("failed", exc=True))
    assert "\n" not in line
    parsed = json.loads(line)
    assert parsed["exc"].startswith("Traceback")
    assert "ValueError: deep inside" in parsed["exc"]


def test_the_bot_logs_json_lines_with_log_format_json() -> None:
    """The real `python -m bot`: its warnings are JSON lines; the one line that says why
    it cannot start stays plain, on its own."""
    closed = free_port()  # a port nobody listens on: Telegram is unreachable
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BOT_", "REDIS_", "LOG_"))}
    env |= {
        "BOT_TOKEN": TOKEN,
        "LOG_FORMAT": "json",
        "TELEGRAM_API_URL": f"http://127.0.0.1:{closed}",
    }
    done = run_bot(env)
    assert done.returncode == 2
    *logged, last = done.stderr.strip().splitlines()
    assert last.startswith("dominoes-bot: cannot reach the Telegram Bot API")
    assert logged
    lines = [json.loads(line) for line in logged]
    assert any("will NOT survive a restart" in line["message"] for line in lines)
    assert {line["level"] for line in lines} <= {"INFO", "WARNING"}


def test_aiograms_line_per_update_is_left_out_unless_debugging() -> None:
    events = logging.getLogger("aiogram.event")
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        configure_logging("INFO")
        assert events.level == logging.WARNING
        configure_logging("DEBUG")
        assert events.level == logging.NOTSET  # the root's DEBUG
    finally:
        events.setLevel(logging.NOTSET)
        root.handlers, root.level = handlers, level
