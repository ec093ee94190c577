"""/history in a group: the group's matches by the names at its table (nobody is
"You" there), and the last hand move by move; a person's private chat keeps its own."""

from __future__ import annotations

from bot.game.state import Finished
from bot.telegram.render.game import table_name
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    EVE,
    GROUP,
    group_texts,
    kozel_of_four,
    play_to_the_end,
)
from tests.bot.telegram.group.privacy import PrivacyGuard
from texts import Texts


async def test_history_in_a_group_names_the_teams_the_goats_and_the_last_hand(
    harness: TelegramHarness, privacy: PrivacyGuard, texts: Texts
) -> None:
    await harness.send(EVE, "/history", chat_id=GROUP)
    assert group_texts(harness)[-1] == texts.get("en", "history-none")

    await kozel_of_four(harness)
    game = await play_to_the_end(harness)
    await harness.settle()
    state = game.state
    assert isinstance(state, Finished)
    result = state.result
    assert result.goats is not None
    name = {seat: table_name(person.name) for seat, person in game.humans()}
    teams = [f"{name[0]} &amp; {name[2]}", f"{name[1]} &amp; {name[3]}"]
    assert name[1] == "\u2068Bob\u2069"

    await harness.send(EVE, "/history", chat_id=GROUP)
    shown = group_texts(harness)[-1]
    dry = " A dry win!" if result.dry else ""
    entry = "\n".join(
        [
            "<b>1.</b> 2024-06-01 12:00 UTC · Kozel · the goats at 101",
            f"{teams[0]}: {result.scores[0]} · {teams[1]}: {result.scores[1]}",
            f"🏆 {teams[result.winner]} won. 🐐 {teams[result.goats]} are the goats.{dry}",
        ]
    )
    assert entry in shown
    assert "You" not in shown

    await harness.send(BOB, "/history last", chat_id=GROUP)
    told = group_texts(harness)[-1]
    assert told.startswith("<b>The last hand of the Kozel match of 2024-06-01 12:00 UTC</b>\n")
    assert f"\nHand {game.public_view().hand_no} is dealt.\n" in told
    assert "the goats!</b>" in told  # the match's result after the hand's
    assert "You" not in told

    # Each chat has its own history: the group's match is not Alice's private chat's.
    await harness.send(ALICE, "/history")
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "history-none")
    assert not privacy.violations
