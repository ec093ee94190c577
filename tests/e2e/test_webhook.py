"""The real `python -m bot` in webhook mode: the fake Telegram posts each update to it
(`tests.e2e.fake_bot_api`), as Telegram does once setWebhook is called. Run with
`-m faults`, beside the other scenarios (`tests.e2e.suite`)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import aiohttp
import pytest

from tests.e2e.checks import check_answers, check_moves, check_no_flood, check_replays
from tests.e2e.fake_bot_api import Someone
from tests.e2e.people import DirectGame
from tests.e2e.suite import SCENARIO_TIMEOUT, scenario
from tests.e2e.test_faults import check_over, handed_a_press
from tests.e2e.world import World
from tests.ports import free_port

ALICE = Someone(1001, "Alice")


@pytest.mark.faults
@scenario(expected=40.0)
async def test_in_webhook_mode_each_posted_update_is_handled_once_and_a_sigterm_drains(
    world: World,
) -> None:
    """BOT_MODE=webhook: the bot sets its webhook (its secret, the kinds of update it
    handles); a post without the secret or with a wrong one is refused and changes
    nothing; a direct game is played through Telegram's posts while /healthz and
    /metrics answer on the same port; SIGTERM just as a press is posted: the bot exits
    with status 0; a process in polling mode then removes the webhook and the game goes
    on to its end, every press answered once and every move stored once."""
    api = world.api
    settings = replace(world.settings, webhook_port=free_port())
    first = await world.start_bot(settings)
    assert api.webhook is not None
    assert api.webhook["url"] == settings.webhook_url
    assert api.webhook["secret_token"] == settings.webhook_secret
    assert api.webhook["allowed_updates"] == [
        *("callback_query", "chosen_inline_result", "inline_query", "message"),
        "my_chat_member",
    ]

    for secret in (None, "a-guess", settings.webhook_secret + "x"):
        status = await api.post_to_webhook(api.message_update(ALICE, "/start"), secret)
        assert status == 401, f"a post with the secret {secret!r} got {status}"
        world.hostile(refused=not api.sent_texts(ALICE.id))
    assert not api.sent_texts(ALICE.id), "a post without the secret was handled"

    game = DirectGame(api, world.service, ALICE)
    await game.open(target="150")  # long enough to stop the bot in the middle of it
    operator = f"http://127.0.0.1:{settings.webhook_port}"
    async with aiohttp.ClientSession(base_url=operator) as http:
        async with http.get("/healthz") as response:
            assert response.status == 200, await response.text()
            assert (await response.json())["mode"] == "webhook"
        async with http.get("/metrics") as response:
            metrics = await response.text()
    assert 'dominoes_updates_total{kind="callback_query"}' in metrics
    assert "dominoes_webhook_refused_total 3.0" in metrics

    play = asyncio.create_task(game.play())
    presses = len(game.presses) + world.rng.randint(2, 6)
    await api.wait_until(
        lambda: len(game.presses) >= presses or play.done(), SCENARIO_TIMEOUT, "a few presses"
    )
    await handed_a_press(world, play, game)
    status = await world.sigterm(first)
    assert status == 0, f"the bot exited with {status} on SIGTERM"
    polling = await world.start_bot()
    await play

    assert api.webhook is None, "the process in polling mode left the webhook set"
    # The game may have ended with the press in flight at the SIGTERM: one more update
    # shows that the polling process serves.
    replies = len(api.sent_texts(ALICE.id))
    api.write(ALICE, "/score")
    await api.wait_until(
        lambda: len(api.sent_texts(ALICE.id)) > replies, 20, "the polling process's reply"
    )
    assert any(c.ok for c in api.calls("getUpdates", token=polling.token))
    record = await world.record_in(ALICE.id)
    check_over(record, game.game_message())
    await check_answers(world, game.presses)
    check_moves(api, record, game.presses, figures=world.figures)
    check_no_flood(api)
    check_replays((await world.records()).values())
    assert not world.log_problems()
