"""Middlewares: the chat's language for every update, and one place that turns a
refusal or a failure into the user's answer (an alert for a button press)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any

from aiogram import BaseMiddleware, Bot
from aiogram.enums import ChatType
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramNetworkError,
    TelegramServerError,
)
from aiogram.methods import AnswerCallbackQuery
from aiogram.types import CallbackQuery, Chat, Message, TelegramObject, Update, User
from aiogram.utils.callback_answer import CallbackAnswer, CallbackAnswerMiddleware

from bot.game.errors import RefusalCode, RefusalError
from bot.game.ports import StorageUnavailableError, StorageUncertainError
from bot.telegram.callbacks import ActionData, MoveData
from bot.telegram.outbox.errors import UnreachableError
from bot.telegram.outbox.replies import Replies
from bot.telegram.outbox.sender import DeliveryFailedError
from bot.telegram.outbox.threads import answering_to
from bot.telegram.ports import Conversation, Languages, UpdateClaims
from texts import Texts, Translate

log = logging.getLogger(__name__)

Handler = Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]]
GROUP_CHATS = {ChatType.GROUP, ChatType.SUPERGROUP}


class LanguageMiddleware(BaseMiddleware):
    """Puts `lang` and `t` in the handler data: the language of the chat the update
    comes from. In a group that has one, the group's; elsewhere (and in a group with
    none yet) the sender's: the language chosen with /lang, else their Telegram
    language, else the default. `own_lang` is always the sender's, for what reaches
    them privately."""

    def __init__(self, languages: Languages, texts: Texts) -> None:
        self._languages = languages
        self._texts = texts

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        user: User | None = data.get("event_from_user")
        chat: Chat | None = data.get("event_chat")
        own = self._texts.default
        if user is not None:
            own = await self._chosen(user.id, self._texts.resolve(user.language_code))
        lang = own
        if chat is not None and chat.type in GROUP_CHATS:
            lang = await self._chosen(chat.id, own)
        data["own_lang"] = own
        data["lang"] = lang
        data["t"] = self._texts.translator(lang)
        return await handler(event, data)

    async def _chosen(self, chat_id: int, otherwise: str) -> str:
        """The language person or group `chat_id` chose, else `otherwise`."""
        try:
            chosen = await self._languages.get(chat_id)
        except StorageUnavailableError:
            log.warning("language of %s unavailable; using %s", chat_id, otherwise)
            return otherwise
        return chosen if chosen in self._texts.languages else otherwise


class InFlight(BaseMiddleware):
    """Knows the updates being handled, so that a graceful stop lets them finish before
    the HTTP session closes under them."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            return await handler(event, data)
        finally:
            if task is not None:
                self._tasks.discard(task)

    async def drain(self, timeout: float) -> int:
        """Wait for the updates being handled (up to `timeout` seconds); returns how many
        were still running when it gave up."""
        current = asyncio.current_task()
        running = {t for t in self._tasks if t is not current}
        if not running:
            return 0
        _, pending = await asyncio.wait(running, timeout=timeout)
        return len(pending)


# Presses whose use case guards itself: a move and Next hand carry the version they were
# made on (the compare-and-set save applies the first and refuses the rest, and a move
# handed again is known by its press id), and a Rematch opens at most one game in its
# chat. Two processes handling one apply it once: they need no claim.
SELF_GUARDED = (f"{MoveData.__prefix__}:", f"{ActionData.__prefix__}:")


class Once(BaseMiddleware):
    """Each update handled once across processes (see `bot.store.updates`): an update
    another process handled already is dropped, one it is handling waits for it. When
    Redis cannot say, the update is handled: a game's own save refuses a stale change,
    and an answer is better than silence. The presses that guard themselves
    (`SELF_GUARDED`) are not claimed: a claim and its end would cost them two of their
    round trips to Redis."""

    def __init__(self, claims: UpdateClaims) -> None:
        self._claims = claims

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        if not isinstance(event, Update) or _guards_itself(event):
            return await handler(event, data)
        bot: Bot = data["bot"]
        try:
            claim = await self._claims.claim(bot.id, event.update_id)
        except StorageUnavailableError:
            return await handler(event, data)
        if claim is None:
            log.info("update %s was handled already; dropped", event.update_id)
            return None
        keeping = asyncio.create_task(claim.keep())
        try:
            result = await handler(event, data)
        except Exception:
            await self._finish(claim.done)  # it was answered: handling it again would not help
            raise
        except BaseException:
            await self._finish(claim.release)  # cut short (a stop): whoever gets it next handles it
            raise
        finally:
            keeping.cancel()
        await self._finish(claim.done)
        return result

    @staticmethod
    async def _finish(step: Callable[[], Awaitable[None]]) -> None:
        try:
            await step()
        except StorageUnavailableError:
            log.warning("could not record an update's outcome; its claim lapses by itself")


def _guards_itself(update: Update) -> bool:
    query = update.callback_query
    return query is not None and (query.data or "").startswith(SELF_GUARDED)


class PressAnswers(CallbackAnswerMiddleware):
    """aiogram's one answer to every press, sent last, with Telegram's errors met: an
    answer Telegram no longer takes (the press expired while no process could serve it,
    or another process answered it first) or does not answer (a 5xx, the network) is a
    warning, not a failed update: what the press did stands.

    `in_reply`: in webhook mode the answer rides back on the webhook's own reply (Telegram
    carries out a method given there), one HTTP request fewer per press; a press whose
    handling failed is still answered at once, by a request of its own."""

    def __init__(self, *, in_reply: bool = False) -> None:
        super().__init__()
        self._in_reply = in_reply

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        if not self._in_reply or not isinstance(event, CallbackQuery):
            return await super().__call__(handler, event, data)
        answer = data["callback_answer"] = self.construct_callback_answer(properties=None)
        try:
            await handler(event, data)
        except BaseException:
            await self.answer(event, answer)
            raise
        return AnswerCallbackQuery(
            callback_query_id=event.id,
            text=answer.text,
            show_alert=answer.show_alert,
            url=answer.url,
            cache_time=answer.cache_time,
        )

    async def answer(  # type: ignore[override]
        self, event: CallbackQuery, callback_answer: CallbackAnswer
    ) -> None:
        try:
            await event.answer(
                text=callback_answer.text,
                show_alert=callback_answer.show_alert,
                url=callback_answer.url,
                cache_time=callback_answer.cache_time,
            )
        except TelegramBadRequest as error:
            log.warning("press %s not answered: %s", event.id, error.message)
        except (TelegramNetworkError, TelegramServerError) as error:
            log.warning("press %s not answered: Telegram did not answer (%s)", event.id, error)


class GroupConversation(BaseMiddleware):
    """Marks how far each group's conversation has gone (the messages the bot is sent
    there), so that a buried table is sent again at the bottom (see
    `bot.telegram.show.group`)."""

    def __init__(self, chats: Conversation) -> None:
        self._chats = chats

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        if isinstance(event, Update) and event.message is not None:
            chat = event.message.chat
            if chat.type != ChatType.PRIVATE:
                with suppress(StorageUnavailableError):
                    await self._chats.saw(chat.id)
        return await handler(event, data)


class Answering(BaseMiddleware):
    """A group's message is the one its replies answer while it is handled (see
    `bot.telegram.outbox.threads`)."""

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        if not isinstance(event, Message) or event.chat.type == ChatType.PRIVATE:
            return await handler(event, data)
        with answering_to(event.chat.id, event.message_id):
            return await handler(event, data)


class RefusalMiddleware(BaseMiddleware):
    """Inside aiogram's `CallbackAnswerMiddleware`: a refusal or an outage becomes the
    text of the (one) answer to the press, shown as an alert; for a command it becomes
    a reply. Unexpected errors still get an answer, then go on to the error handler."""

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        t: Translate = data["t"]
        try:
            return await handler(event, data)
        except RefusalError as refusal:
            await _tell(event, data, t(f"refusal-{refusal.code.value}"), refusal.url)
        except (TelegramForbiddenError, UnreachableError) as error:
            # A chat the bot may no longer write to (removed from a group, blocked by a
            # person): nothing can be told there, and there is nothing to fix.
            log.info("update from a chat the bot cannot write to: %s", error)
        except DeliveryFailedError:
            log.warning("a reply did not reach Telegram")
            await _tell(event, data, t("error-telegram"))
        except StorageUncertainError:
            log.warning("a save's outcome is unknown", exc_info=True)
            await _tell(event, data, t("error-storage-uncertain"))
        except StorageUnavailableError:
            log.warning("storage unavailable", exc_info=True)
            await _tell(event, data, t("error-storage"))
        except Exception:
            await _tell(event, data, t("error-generic"))
            raise
        return None


class PrivateButtons(BaseMiddleware):
    """For the buttons that belong to a person's private chat (the /play menu, /lang,
    /rules, the /stop confirmation): pressed anywhere else, they are refused."""

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        if isinstance(event, CallbackQuery):
            chat = event.message.chat if event.message is not None else None
            if chat is None or chat.type != ChatType.PRIVATE or chat.id != event.from_user.id:
                raise RefusalError(RefusalCode.WRONG_CHAT)
        return await handler(event, data)


async def _tell(
    event: TelegramObject, data: dict[str, Any], text: str, url: str | None = None
) -> None:
    """An alert for a press (or, with `url`, the link opened: Telegram allows t.me links
    to the bot there); a reply for a command."""
    if isinstance(event, CallbackQuery):
        answer: CallbackAnswer | None = data.get("callback_answer")
        alert = url is None
        if answer is not None and not answer.answered:
            answer.text, answer.show_alert, answer.url = text, alert, url
        else:
            await event.answer(text, show_alert=alert, url=url)
    elif isinstance(event, Message):
        # In the chat's pace, as every reply: a refusal sent at once could break it.
        replies: Replies | None = data.get("replies")
        if replies is None:
            await event.answer(text)
            return
        try:
            await replies.say(event.chat.id, text)
        except (DeliveryFailedError, UnreachableError) as error:
            log.warning("a refusal in chat %s was not told: %r", event.chat.id, error)
