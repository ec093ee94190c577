"""Logging: plain lines for a person at a terminal, or one JSON object a line
(`LOG_FORMAT=json`) for a log collector. The formatter is a few lines of our own:
the standard library's `json` does the escaping, and no dependency is needed."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time (UTC, ISO 8601), level, logger, message, and
    the traceback as `exc` when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exc"] = record.exc_text
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        # ensure_ascii: a line stays one line of plain ASCII whatever a name holds.
        return json.dumps(line, ensure_ascii=True, default=str)


def configure_logging(level: str, form: str = "text") -> None:
    """The root logger at `level`, writing to stderr in the chosen form; Python's
    warnings (aiogram's about a slow webhook answer, say) go through it too, so that a
    JSON log holds nothing but JSON lines."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if form == "json" else logging.Formatter(TEXT_FORMAT))
    logging.basicConfig(level=level, handlers=[handler])
    logging.captureWarnings(True)
    # aiogram writes a line per update handled ("Update id=… is handled"): the update
    # metrics count and time them already, and a write per update costs a good part of
    # what handling it does. Its warnings and errors still show; DEBUG shows all.
    events = logging.getLogger("aiogram.event")
    events.setLevel(logging.NOTSET if level == "DEBUG" else logging.WARNING)
