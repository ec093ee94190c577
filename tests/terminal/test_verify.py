"""`dominoes verify SECRET`, run as the `dominoes` command is: the deal a hand's secret
makes, and a malformed secret refused plainly."""

from __future__ import annotations

import pytest

from core.fair import HandSecret, hand_secret
from core.variants import Settings, Variant
from tests.core.test_fair import MATCH_SECRET, redealt_secret
from tests.terminal.driver import TEXTS, run


def test_verify_prints_each_seat_the_boneyard_in_order_and_the_deal_code() -> None:
    """R2, R5.1: the draw game's boneyard in the order it is drawn from."""
    secret = hand_secret(MATCH_SECRET, Settings(Variant.DRAW, 3), 4)
    deal = secret.rebuild().deal
    done = run(["verify", str(secret), "--lang", "en"])
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "Draw game · 3 players"
    assert f"Deal code: {secret.commitment} " in lines[1]
    for seat, hand in enumerate(deal.hands, 1):
        assert f"Seat {seat}: " + " ".join(f"{tile.low}|{tile.high}" for tile in hand) in lines
    boneyard = " ".join(f"{tile.low}|{tile.high}" for tile in deal.rest)
    assert lines[-1] == f"Boneyard, in draw order: {boneyard}"
    assert "Deal 1, the one played:" in lines
    assert not any(line.startswith("Deal 2") for line in lines)


def test_verify_prints_a_kozel_redeal_before_the_deal_played() -> None:
    """R2.3: each voided deal, who voided it and why, then the one played."""
    secret = hand_secret(redealt_secret(), Settings(Variant.KOZEL, 4), 1)
    dealt = secret.rebuild()
    assert dealt.redeals
    done = run(["verify", str(secret), "--lang", "ru"])
    assert done.returncode == 0, done.stderr
    out = done.stdout
    t = TEXTS.translator("ru")
    first = dealt.redeals[0]
    assert t("verify-redeal", n=1, number=first.seat + 1, reason=first.reason.value) in out
    assert t("verify-deal", n=len(dealt.redeals) + 1) in out
    played = " ".join(f"{tile.low}|{tile.high}" for tile in dealt.deal.hands[0])
    voided = " ".join(f"{tile.low}|{tile.high}" for tile in first.deal.hands[0])
    assert out.index(voided) < out.index(f"Место 1: {played}")
    # All 28 tiles are dealt in Kozel: no boneyard, nothing out of play.
    assert "Базар" not in out
    assert "Вне игры" not in out


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("kozel-4", "verify-bad-shape"),
        ("chess-4-" + "0" * 64, "verify-bad-game"),
        ("kozel-3-" + "0" * 64, "verify-bad-players"),
        ("draw-2-" + "0" * 60, "verify-bad-key"),
    ],
)
def test_a_malformed_secret_is_refused_with_one_plain_line(text: str, key: str) -> None:
    done = run(["verify", text, "--lang", "en"])
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == TEXTS.get("en", key) + "\n"


def test_a_pasted_secret_with_spaces_and_capitals_still_verifies() -> None:
    secret = hand_secret(MATCH_SECRET, Settings(Variant.BLOCK, 2), 1)
    done = run(["verify", f" {str(secret).upper()} ", "--lang", "en"])
    assert done.returncode == 0, done.stderr
    out_of_play = " ".join(f"{tile.low}|{tile.high}" for tile in secret.rebuild().deal.rest)
    assert done.stdout.splitlines()[-1] == f"Out of play: {out_of_play}"
    assert HandSecret.parse(str(secret)).commitment in done.stdout
