"""The 🔑 button under a group's hand result (`bot.telegram.handlers.deal`): the deal's
secret goes privately to whoever presses; a hand not over (or forged) is refused and
nothing is sent; someone the bot may not write to is sent to its chat, where /start with
the hand's payload gives them the secret. The players' private hands carry no deal code:
the group's table does."""

from __future__ import annotations

from bot.game.state import Game, Playing
from bot.telegram.callbacks import DealData
from tests.bot.fake_telegram import TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    EVE,
    GROUP,
    game_in,
    hand,
    open_lobby,
    play_to_hand_over,
    seat_everyone,
    table,
)
from texts import Texts


async def first_result(harness: TelegramHarness) -> None:
    """Plays the first hand of a two-person draw game."""
    await open_lobby(harness, "/new draw 2")
    await seat_everyone(harness, BOB.id)
    await play_to_hand_over(harness)


async def hand_in_play(harness: TelegramHarness) -> Game:
    """A two-person draw game, its first hand being played."""
    await open_lobby(harness, "/new draw 2")
    await seat_everyone(harness, BOB.id)
    game = await game_in(harness)
    assert isinstance(game.state, Playing)
    return game


async def test_a_hand_not_over_or_forged_is_refused_and_nothing_is_sent(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await hand_in_play(harness)
    shown = await table(harness)
    sent = len(harness.fake.named("sendMessage"))
    for hand_no in (1, 7):  # being played; never played
        data = DealData(game=game.game_id, hand=hand_no).pack()
        answer = await harness.press(EVE, shown, data)
        assert alert_of(answer) == texts.get("en", "refusal-invalid")
    assert len(harness.fake.named("sendMessage")) == sent


async def test_the_secret_goes_to_whoever_presses_even_someone_not_playing(
    harness: TelegramHarness, texts: Texts
) -> None:
    await first_result(harness)
    game = await game_in(harness)
    result = next(
        m
        for (chat, _), m in harness.fake.messages.items()
        if chat == GROUP and texts.get("en", "btn-deal-secret") in [b.text for b in m.buttons()]
    )
    answer = await harness.press(EVE, result, result.button("🔑 Deal secret").callback_data or "")
    assert answer.params.get("text") == texts.get("en", "deal-secret-sent")
    view = game.public_view()
    secret = view.deal_secrets[0]
    assert str(secret) in harness.fake.last_in(EVE.id).text
    assert str(secret) not in result.text  # the group sees one line, not the secret


async def test_someone_the_bot_cannot_write_to_is_sent_to_its_chat_and_given_the_secret_there(
    harness: TelegramHarness,
) -> None:
    """Telegram takes a callback answer's link only in the t.me/<bot>?start=… form:
    pressed by someone who never started the bot, 🔑 opens the bot with the hand's
    payload, and /start with it sends them the secret."""
    await first_result(harness)
    game = await game_in(harness)
    result = next(
        m
        for (chat, _), m in harness.fake.messages.items()
        if chat == GROUP and "🔑 Deal secret" in [b.text for b in m.buttons()]
    )
    harness.fake.unreachable.add(EVE.id)
    answer = await harness.press(EVE, result, result.button("🔑 Deal secret").callback_data or "")
    payload = f"deal-{game.game_id}-1"
    assert answer.params.get("url") == f"https://t.me/dominoes_test_bot?start={payload}"
    harness.fake.unreachable.discard(EVE.id)
    await harness.send(EVE, f"/start {payload}")
    assert str(game.public_view().deal_secrets[0]) in harness.fake.last_in(EVE.id).text


async def test_a_forged_deal_link_is_refused_and_sends_no_secret(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await hand_in_play(harness)
    await harness.send(EVE, f"/start deal-{game.game_id}-1")  # the hand is being played
    assert harness.fake.last_in(EVE.id).text == texts.get("en", "refusal-invalid")


async def test_private_hands_carry_no_deal_code_and_the_table_does(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness, "/new draw 2")
    await seat_everyone(harness, BOB.id)
    code = texts.get("en", "deal-commitment", commitment="").split("<code>")[0]
    assert code in (await table(harness)).text
    assert code not in (await hand(harness, ALICE.id)).text
