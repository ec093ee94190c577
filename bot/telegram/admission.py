"""Admission: how many updates are handled at once, and what is done with a press that
waited too long for its turn.

When more updates come than the process can serve, handling them all at once only
makes each slower: every one finishes late, and presses run past Telegram's answer
window (about 15 s), when their answer is refused. So a few are handled at a time, in
the order they came, and a press that waited longer than `patience` for its turn is
shed: it is answered at once that the bot is busy and should be pressed again, and
nothing else is done for it (no Redis, no game). Messages (commands) have no answer
window: they wait their turn. In webhook mode the busy answer rides back on the
webhook's reply (`in_reply`): a press shed costs no request of its own.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from aiogram import BaseMiddleware, Bot
from aiogram.exceptions import TelegramAPIError, TelegramNetworkError
from aiogram.methods import AnswerCallbackQuery
from aiogram.types import TelegramObject, Update

from bot.metrics import UPDATES_SHED
from bot.telegram.middlewares import Handler
from texts import Texts

log = logging.getLogger(__name__)

AT_ONCE = 16  # updates handled at once: past a few, more only share the CPU
PATIENCE = 1.0  # seconds a press may wait for its turn before it is shed


class Admission(BaseMiddleware):
    """The outermost middleware (see the module's doc)."""

    def __init__(
        self,
        texts: Texts,
        at_once: int = AT_ONCE,
        patience: float = PATIENCE,
        clock: Callable[[], float] = time.monotonic,
        *,
        in_reply: bool = False,
    ) -> None:
        self._texts = texts
        self._in_reply = in_reply
        self._turns = asyncio.Semaphore(at_once)  # its waiters are served in order
        self._patience = patience
        self._clock = clock

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        if not isinstance(event, Update):
            return await handler(event, data)
        came = self._clock()
        async with self._turns:
            if event.callback_query is not None and self._clock() - came > self._patience:
                return await self._shed(event, data)
            return await handler(event, data)

    async def _shed(self, update: Update, data: dict[str, Any]) -> AnswerCallbackQuery | None:
        """Answer the press that the bot is busy, in the presser's Telegram language (no
        store is asked: that is what is spared); in webhook mode, the answer to give in
        the webhook's reply."""
        query = update.callback_query
        assert query is not None
        UPDATES_SHED.inc()
        lang = self._texts.resolve(query.from_user.language_code)
        answer = AnswerCallbackQuery(
            callback_query_id=query.id, text=self._texts.get(lang, "error-busy"), show_alert=False
        )
        if self._in_reply:
            return answer
        bot: Bot = data["bot"]
        try:
            await bot(answer)
        except (TelegramAPIError, TelegramNetworkError) as error:
            log.warning("a shed press was not answered: %s", error)
        return None
