"""Every user-facing string, in Fluent files per language (`texts/<lang>/*.ftl`): `bot.ftl`
for the Telegram bot, `terminal.ftl` for what only the terminal game says.

This package knows nothing of Telegram: it turns a key and its arguments into text
in one language. The texts may hold Telegram HTML markup; whoever fills in a
placeholder with user-supplied text escapes it first.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

from fluent.runtime import FluentBundle, FluentResource

LANGUAGES: tuple[str, ...] = ("en", "ru", "fr", "it")
LANGUAGE_NAMES: Mapping[str, str] = {
    "en": "English",
    "ru": "Русский",
    "fr": "Français",
    "it": "Italiano",
}
TEXTS_DIR = Path(__file__).resolve().parent

Arg = str | int | float  # a float: an average, formatted by its text (NUMBER)
CACHE_SIZE = 20_000  # formatted texts kept; past it the cache starts afresh

log = logging.getLogger(__name__)


def source_files(lang: str, root: Path = TEXTS_DIR) -> list[Path]:
    """The Fluent files of one language, in a fixed order."""
    return sorted((root / lang).glob("*.ftl"))


class Translate(Protocol):
    """A language already chosen: `t("key", name=...)`."""

    def __call__(self, key: str, /, **args: Arg) -> str: ...


class Texts:
    """All languages' bundles; `get` formats one message, falling back to the default
    language (then to the key itself) so a missing string never breaks a reply."""

    def __init__(self, default: str = "en", root: Path = TEXTS_DIR) -> None:
        if default not in LANGUAGES:
            raise ValueError(f"unknown default language {default!r}")
        self.default = default
        self._formatted: dict[tuple[object, ...], str] = {}
        self._bundles: dict[str, FluentBundle] = {}
        for lang in LANGUAGES:
            # Isolation marks (FSI/PDI) would show up as stray characters in clients
            # that ignore them; every language here is written left to right.
            bundle = FluentBundle([lang], use_isolating=False)
            for path in source_files(lang, root):
                bundle.add_resource(FluentResource(path.read_text("utf-8")))
            self._bundles[lang] = bundle

    @property
    def languages(self) -> tuple[str, ...]:
        return LANGUAGES

    def resolve(self, code: str | None) -> str:
        """The language to use for a Telegram `language_code` ("pt-BR", "ru", None)."""
        if code:
            base = code.replace("_", "-").split("-")[0].lower()
            if base in self._bundles:
                return base
        return self.default

    def get(self, lang: str, key: str, /, **args: Arg) -> str:
        """The message `key` in `lang`, with `args` filled in."""
        # Formatting is a pure function of its inputs, and the same few texts (names,
        # ends, counts) are asked for over and over: each is formatted once.
        cache_key = (lang, key, *sorted(args.items()))
        text = self._formatted.get(cache_key)
        if text is None:
            text = self._format(lang, key, args)
            if len(self._formatted) >= CACHE_SIZE:
                self._formatted.clear()
            self._formatted[cache_key] = text
        return text

    def _format(self, lang: str, key: str, args: Mapping[str, Arg]) -> str:
        for candidate in (lang, self.default):
            bundle = self._bundles.get(candidate)
            if bundle is not None and bundle.has_message(key):
                message = bundle.get_message(key)
                if message.value is None:
                    continue
                text, errors = bundle.format_pattern(message.value, dict(args))
                if errors:
                    log.warning("text %s/%s: %s", candidate, key, errors)
                return str(text)
        log.error("text %s/%s is missing", lang, key)
        return key

    def translator(self, lang: str) -> Translate:
        """A `Translate` bound to `lang`."""

        def translate(key: str, /, **args: Arg) -> str:
            return self.get(lang, key, **args)

        return translate
