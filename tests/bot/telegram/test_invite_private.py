"""An invitation's game seen from each player's private chat, the only chat the bot can
talk in: the hand names the invitation, /stop is asked there of whoever posted it,
/leave gives a seat to a bot, and the status says where the next hand is dealt."""

from __future__ import annotations

from bot.game.state import Game, HandOver, Lobby, Playing, Stopped
from bot.telegram.handlers.stop import StopAnswer
from bot.telegram.inline import inline_chat
from bot.telegram.render.game import escape_name
from tests.bot.fake_telegram import TelegramHarness, alert_of
from tests.bot.telegram.group.driver import ALICE, game_in, open_lobby
from tests.bot.telegram.test_invite import ANN, BOB, EVE, game_of, join_of, posted_invitation
from texts import Texts

YES = "Yes, abandon it"


async def game_of_id(harness: TelegramHarness, game_id: str) -> Game:
    game = await harness.storage.load(game_id)
    assert game is not None
    return game


async def a_match_of_ann_and_bob(harness: TelegramHarness) -> str:
    """Ann posts a draw game for two in her chat with Bob; both join: dealt. The card's
    inline message id."""
    posted = await posted_invitation(harness)
    await harness.press_inline(ANN, posted.inline_message_id, join_of(posted))
    await harness.press_inline(BOB, posted.inline_message_id, join_of(posted))
    assert isinstance((await game_of(harness, posted)).state, Playing)
    return posted.inline_message_id


async def test_the_hand_is_headed_by_the_invitation_and_whoever_opened_it(
    harness: TelegramHarness, texts: Texts
) -> None:
    posted = await posted_invitation(harness)
    await harness.press_inline(ANN, posted.inline_message_id, join_of(posted))
    await harness.press_inline(BOB, posted.inline_message_id, join_of(posted))
    game = await game_of(harness, posted)
    ann = escape_name(ANN.full_name)
    for who, lang in ((ANN, "en"), (BOB, "ru")):
        message_id = await harness.private_message_id(game.game_id, who.id)
        assert message_id is not None
        hand = harness.fake.message(who.id, message_id).text
        assert texts.get(lang, "invite-table", name=ann) in hand, hand
        await harness.send(who, "/score")  # from the private chat: the same name heads it
        score = harness.fake.last_in(who.id).text
        assert score.startswith(texts.get(lang, "invite-table", name=ann) + "\n"), score


async def test_whoever_posted_the_card_stops_its_game_from_their_private_chat(
    harness: TelegramHarness, texts: Texts
) -> None:
    card = await a_match_of_ann_and_bob(harness)
    game = await harness.storage.load_for_chat(inline_chat(card))
    assert game is not None
    # Bob did not post it: told who stops it, and asked nothing.
    await harness.send(BOB, "/stop")
    refused = harness.fake.last_in(BOB.id)
    assert refused.buttons() == []
    assert refused.text.startswith("Партию «Приглашение · ")
    assert (await game_of_id(harness, game.game_id)).record == game.record
    await harness.send(ANN, "/stop")
    confirm = harness.fake.last_in(ANN.id)
    assert confirm.text.startswith("Stop the game «Invitation · ")
    yes = confirm.button(YES).callback_data or ""
    # Bob cannot answer Ann's confirmation, even carried to his own chat.
    forged = await harness.press(BOB, harness.fake.last_in(BOB.id), yes)
    assert alert_of(forged) is not None
    assert (await game_of_id(harness, game.game_id)).record == game.record
    assert alert_of(await harness.press(ANN, confirm, yes)) is None
    stopped = await harness.storage.load(game.game_id)
    assert stopped is not None
    assert isinstance(stopped.state, Stopped)
    assert texts.get("en", "game-stopped") in harness.fake.inline.messages[card].text
    assert StopAnswer.unpack(yes).game == game.game_id


async def test_leave_in_a_private_chat_gives_an_invitations_seat_to_a_bot(
    harness: TelegramHarness, texts: Texts
) -> None:
    card = await a_match_of_ann_and_bob(harness)
    await harness.send(BOB, "/leave")
    assert harness.fake.last_in(BOB.id).text.startswith("Вы вышли из «Приглашение · ")
    game = await harness.storage.load_for_chat(inline_chat(card))
    assert game is not None
    assert game.seat_of(BOB.id) is None  # a bot plays it now
    assert isinstance(game.state, Playing | HandOver)
    await harness.send(BOB, "/leave")  # nothing more to leave
    assert harness.fake.last_in(BOB.id).text == texts.get("ru", "leave-none")
    await harness.send(EVE, "/leave")
    assert harness.fake.last_in(EVE.id).text == texts.get("en", "leave-none")


async def test_leave_in_a_private_chat_frees_a_seat_at_an_invitations_lobby(
    harness: TelegramHarness,
) -> None:
    posted = await posted_invitation(harness, "draw 3")
    await harness.press_inline(ANN, posted.inline_message_id, join_of(posted))
    await harness.press_inline(BOB, posted.inline_message_id, join_of(posted))
    await harness.send(BOB, "/leave")
    assert harness.fake.last_in(BOB.id).text.startswith("Вы вышли из «Приглашение · ")
    lobby = await game_of(harness, posted)
    assert isinstance(lobby.state, Lobby)
    assert [h.user_id for _, h in lobby.humans()] == [ANN.id]


async def test_leave_in_a_private_chat_points_a_groups_player_to_the_group(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness)
    await harness.send(ALICE, "/leave")
    title = "Friday &lt;dominoes&gt; &amp; co"  # the group's, escaped
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "leave-in-group", group=title)
    assert (await game_in(harness)).seat_of(ALICE.id) is not None
