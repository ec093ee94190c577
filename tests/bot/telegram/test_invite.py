"""Invitations from any chat (`bot.telegram.handlers.invite`): the bot's name typed in a
chat offers the games as invitation cards in the person's language; a card posted in a
private chat between two people (no bot there) opens its lobby in that very message at
the first Join, and the match is played from the private hands while the posted message
shows the table; hostile presses change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from aiogram.types import User
from aiogram.utils.deep_linking import create_start_link

from bot.app import App
from bot.game.actions import GroupAction
from bot.game.state import Game, HandOver, Lobby, Playing
from bot.telegram.callbacks import GroupData, InviteData
from bot.telegram.inline import inline_chat, is_inline
from tests.bot.fake_inline import InlineMessage
from tests.bot.fake_telegram import TelegramHarness, alert_of, user
from texts import Texts

ANN = user(1001, "Ann <b>&")
BOB = user(2002, "Bob", language_code="ru")
EVE = user(5005, "Eve")
CAROL = user(3003, "Carol", language_code="fr")
DAVE = user(4004, "Dave", language_code="it")
THEIR_CHAT = 987_654  # Ann's private chat with Bob: the bot is not in it
A_GROUP = -1_001_555_000_111  # a supergroup the bot is not a member of


def results(harness: TelegramHarness, query_id: str) -> list[dict[str, Any]]:
    answer = harness.fake.inline.queries[query_id].answer
    assert answer is not None, "the query was not answered"
    return answer


def join_of(posted: InlineMessage) -> str:
    """The Join on the posted message: the card's, or its lobby's."""
    rows = posted.markup["inline_keyboard"]
    return next(str(b["callback_data"]) for row in rows for b in row if b["text"] == "Join")


async def posted_invitation(
    harness: TelegramHarness, words: str = "draw 2", chat_id: int = THEIR_CHAT
) -> InlineMessage:
    """Ann types the bot's name and `words` in a chat (her chat with Bob), and posts the
    card there."""
    query_id = await harness.inline_query(ANN, words)
    (offered,) = results(harness, query_id)
    posted = await harness.choose(ANN, query_id, str(offered["id"]), chat_id)
    assert posted is not None
    return posted


async def game_of(harness: TelegramHarness, posted: InlineMessage) -> Game:
    game = await harness.storage.load_for_chat(inline_chat(posted.inline_message_id))
    assert game is not None
    return game


async def test_the_bots_name_offers_every_game_as_a_card_in_the_persons_language(
    harness: TelegramHarness, texts: Texts
) -> None:
    query_id = await harness.inline_query(BOB, "")
    offered = results(harness, query_id)
    assert [r["id"] for r in offered] == [
        "draw-2",
        "draw-3",
        "draw-4",
        "block-2",
        "block-3",
        "block-4",
        "kozel-4",
    ]
    kozel = offered[-1]
    t = texts.translator("ru")
    assert kozel["title"] == t("invite-title", game="Козёл", players=t("btn-players", count=4))
    card = kozel["input_message_content"]["message_text"]
    assert card.startswith("🁫 \u2068Bob\u2069 зовёт вас сыграть")
    (row,) = kozel["reply_markup"]["inline_keyboard"]
    assert row[0]["text"] == t("btn-join")
    join = InviteData.unpack(row[0]["callback_data"])
    assert (join.variant, join.players, join.by) == ("kozel", 4, BOB.id)  # signed (below)
    (one,) = results(harness, await harness.inline_query(ANN, "block 3"))
    assert one["id"] == "block-3"
    assert "&lt;b&gt;&amp;" in one["input_message_content"]["message_text"]  # escaped


@pytest.mark.parametrize(
    ("words", "people", "chat_id"),
    [
        ("draw 2", (ANN, BOB), THEIR_CHAT),  # two people's private chat
        ("kozel", (ANN, BOB, CAROL, DAVE), A_GROUP),  # a group the bot is not in
    ],
)
async def test_a_posted_card_plays_a_match_to_its_end(
    app: App, harness: TelegramHarness, words: str, people: tuple[User, ...], chat_id: int
) -> None:
    posted = await posted_invitation(harness, words, chat_id)
    card_join = join_of(posted)
    first = await harness.press_inline(ANN, posted.inline_message_id, card_join)
    assert alert_of(first) is None
    game = await game_of(harness, posted)
    assert is_inline(game.chat_id)
    assert isinstance(game.state, Lobby)
    assert game.side.creator_id == ANN.id
    for who in people[1:]:  # the card became the lobby: its Join
        answer = await harness.press_inline(who, posted.inline_message_id, join_of(posted))
        assert alert_of(answer) is None
    game = await game_of(harness, posted)
    assert isinstance(game.state, Playing)  # every seat taken: dealt
    by_id = {who.id: who for who in people}
    results_seen = 0
    for _ in range(2000):
        game = await game_of(harness, posted)
        if not game.is_active:
            break
        if isinstance(game.state, HandOver):
            # Nothing can be posted there: the hand's result heads the table, with the
            # button that sends its deal's secret privately.
            assert "is over" in posted.text, posted.text
            assert posted.text.count("Score: ") == 1, posted.text  # the result's alone
            assert "🔑" in str(posted.markup)
            results_seen += 1
            await harness.elapse(8)  # the next hand is dealt by itself
            continue
        assert isinstance(game.state, Playing)
        mover = game.human(game.state.turn)
        message_id = await harness.private_message_id(game.game_id, mover.user_id)
        assert message_id is not None
        hand = harness.fake.message(mover.user_id, message_id)
        data = hand.buttons()[0].callback_data or ""
        assert alert_of(await harness.press(by_id[mover.user_id], hand, data)) is None
    else:
        raise AssertionError("the match did not end")
    assert not [c for c in harness.fake.calls if c.params.get("chat_id") == chat_id]
    assert "wins the match" in posted.text or "win the match" in posted.text, posted.text
    assert posted.text.count("Score: ") == 1, posted.text  # the result's, not the table's
    # The card's own Join, pressed on an old copy of it: refused, nothing changed.
    late = await harness.press_inline(people[1], posted.inline_message_id, card_join)
    assert alert_of(late) is not None
    assert (await game_of(harness, posted)).record == game.record
    assert results_seen or len(game.public_view().results) == 1
    # Counted once, under each person: rated everywhere, with no group of its own.
    await harness.settle()
    assert posted.text.count("📈 Ratings after the match: ") == 1, posted.text
    for who in people:
        card = await app.stats.card(who.id, None)
        assert card is not None
        assert card.counters.played == 1
        assert card.rating is not None
        assert card.rating.rated == 1
        assert await app.stats.card(who.id, game.chat_id) is None
    await app.stats.keep(game)  # handed again: counted already
    again_card = await app.stats.card(ANN.id, None)
    assert again_card is not None
    assert again_card.counters.played == 1
    # The match is in each player's history, in their private chat (not the chat the
    # card is in, which is not the bot's).
    await harness.send(ANN, "/history")
    assert harness.fake.last_in(ANN.id).text.startswith("<b>The last matches played here</b>")
    await harness.send(BOB, "/history")
    said = {"draw 2": "С базаром", "kozel": "Козёл"}[words]  # in Bob's language
    assert said in harness.fake.last_in(BOB.id).text
    rows = posted.markup["inline_keyboard"]
    rematch = next(b["callback_data"] for row in rows for b in row if b["text"] == "Rematch")
    assert alert_of(await harness.press_inline(BOB, posted.inline_message_id, rematch)) is None
    again = await game_of(harness, posted)
    assert again.game_id != game.game_id  # a new match, in the same message
    assert isinstance(again.state, Playing)
    assert again.inline_message_id == posted.inline_message_id


async def test_a_join_forged_to_name_another_manager_is_refused_and_opens_nothing(
    harness: TelegramHarness, texts: Texts
) -> None:
    posted = await posted_invitation(harness)  # Ann's card
    real = InviteData.unpack(join_of(posted))
    assert real.by == ANN.id
    for forged in (
        real.model_copy(update={"by": EVE.id}),  # Eve as its manager, Ann's signature
        real.model_copy(update={"players": 3}),  # another game
        real.model_copy(update={"sig": "A" * 11}),
    ):
        answer = await harness.press_inline(EVE, posted.inline_message_id, forged.pack())
        assert alert_of(answer) == texts.get("en", "refusal-unknown-button")
        assert await harness.storage.load_for_chat(inline_chat(posted.inline_message_id)) is None
    # The real one still opens the lobby, managed by Ann.
    assert alert_of(await harness.press_inline(EVE, posted.inline_message_id, real.pack())) is None
    game = await game_of(harness, posted)
    assert game.side.creator_id == ANN.id


async def test_a_stranger_and_a_forged_inline_message_change_nothing(
    harness: TelegramHarness, texts: Texts
) -> None:
    posted = await posted_invitation(harness)
    await harness.press_inline(ANN, posted.inline_message_id, join_of(posted))
    game = await game_of(harness, posted)
    start = GroupData(game=game.game_id, action=GroupAction.START).pack()
    refused = await harness.press_inline(EVE, posted.inline_message_id, start)
    assert alert_of(refused) == texts.get("en", "refusal-not-allowed")
    other = await posted_invitation(harness, "kozel")  # another card: another table
    forged = await harness.press_inline(ANN, other.inline_message_id, start)
    assert alert_of(forged) == texts.get("en", "refusal-wrong-chat")
    assert (await game_of(harness, posted)).record == game.record


async def test_someone_the_bot_cannot_write_to_is_sent_to_its_chat_first(
    harness: TelegramHarness,
) -> None:
    posted = await posted_invitation(harness)
    await harness.press_inline(ANN, posted.inline_message_id, join_of(posted))
    game = await game_of(harness, posted)
    harness.fake.unreachable.add(BOB.id)
    join = GroupData(game=game.game_id, action=GroupAction.JOIN).pack()
    answer = await harness.press_inline(BOB, posted.inline_message_id, join)
    assert answer.params["url"] == await create_start_link(harness.bot, f"join-{game.game_id}")
    assert (await game_of(harness, posted)).seat_of(BOB.id) is None
    await harness.send(BOB, f"/start join-{game.game_id}")  # one tap on Start
    assert isinstance((await game_of(harness, posted)).state, Playing)


async def test_with_feedback_a_posted_card_opens_its_lobby_at_once_with_its_poster(
    harness: TelegramHarness,
) -> None:
    harness.fake.inline.feedback = True
    posted = await posted_invitation(harness, "kozel")
    game = await game_of(harness, posted)
    assert isinstance(game.state, Lobby)
    assert [h.user_id for _, h in game.humans()] == [ANN.id]
    assert "Team 1: 1. \u2068Ann" in posted.text  # the card is the lobby already
    again = await harness.press_inline(ANN, posted.inline_message_id, join_of(posted))
    assert alert_of(again) is not None  # the lobby's Join: seated already
    assert (await game_of(harness, posted)).record == game.record


async def test_a_card_posted_twice_is_two_tables_and_its_news_told_twice_opens_one(
    harness: TelegramHarness, texts: Texts
) -> None:
    harness.fake.inline.feedback = True
    query_id = await harness.inline_query(ANN, "draw 2")
    first = await harness.choose(ANN, query_id, "draw-2", THEIR_CHAT, told=2)
    assert first is not None
    game = await game_of(harness, first)
    assert [h.user_id for _, h in game.humans()] == [ANN.id]
    second = await harness.choose(ANN, query_id, "draw-2", THEIR_CHAT)  # chosen again
    assert second is not None
    assert second.inline_message_id != first.inline_message_id
    other = await game_of(harness, second)  # its own table, with its own lobby
    assert other.game_id != game.game_id
    # Told twice, the first card's lobby is as the second's, told once.
    assert game.version == other.version
    assert game.seats == other.seats
    join = GroupData(game=game.game_id, action=GroupAction.JOIN).pack()
    # Bob's Join on the second card, carrying the first's game: refused, nothing changed.
    wrong = await harness.press_inline(BOB, second.inline_message_id, join)
    assert alert_of(wrong) == texts.get("ru", "refusal-wrong-chat")
    assert (await game_of(harness, first)).record == game.record
    assert (await game_of(harness, second)).record == other.record
    assert alert_of(await harness.press_inline(BOB, first.inline_message_id, join)) is None
    assert isinstance((await game_of(harness, first)).state, Playing)
    assert (await game_of(harness, second)).record == other.record


async def test_the_play_menu_offers_a_game_with_friends_in_a_chat_they_choose(
    harness: TelegramHarness, texts: Texts
) -> None:
    await harness.send(BOB, "/play")
    menu = harness.fake.last_in(BOB.id)
    friends = menu.buttons()[-1]
    assert friends.text == texts.get("ru", "btn-with-friends")
    chosen = friends.switch_inline_query_chosen_chat
    assert chosen is not None
    assert (chosen.query, chosen.allow_user_chats, chosen.allow_group_chats) == ("", True, True)
    assert friends.callback_data is None


async def test_a_press_on_a_card_whose_lobby_was_cancelled_is_refused_and_changes_nothing(
    harness: TelegramHarness, texts: Texts
) -> None:
    posted = await posted_invitation(harness)
    card_join = join_of(posted)  # the card's own Join, as an old copy of it shows
    await harness.press_inline(ANN, posted.inline_message_id, card_join)
    game = await game_of(harness, posted)
    cancel = GroupData(game=game.game_id, action=GroupAction.CANCEL).pack()
    assert alert_of(await harness.press_inline(ANN, posted.inline_message_id, cancel)) is None
    cancelled = await game_of(harness, posted)
    assert not cancelled.is_live
    assert texts.get("en", "lobby-cancelled") in posted.text
    late = await harness.press_inline(BOB, posted.inline_message_id, card_join)
    assert alert_of(late) == texts.get("ru", "refusal-lobby-closed")  # in Bob's language
    assert (await game_of(harness, posted)).record == cancelled.record
