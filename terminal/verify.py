"""`dominoes verify SECRET`: a hand's deal rebuilt from the secret its result showed,
and the deal code the table showed while it was played (`core.fair`), so that anyone
can check that the deal was not stacked."""

from __future__ import annotations

from typing import TextIO

from core.deal import Deal
from core.fair import BadSecretError, HandSecret
from core.variants import Variant
from terminal.style import Style
from texts import Translate
from texts.render import tiles_text, variant_name

EXIT_BAD_SECRET = 2  # as argparse exits on a malformed command line


def verify(text: str, t: Translate, out: TextIO, err: TextIO, style: Style) -> int:
    """Print the deal `text` makes, or say plainly why `text` is not a deal secret."""
    try:
        secret = HandSecret.parse(text)
    except BadSecretError as exc:
        err.write(style.text(t(f"term-verify-bad-{exc.problem.value}")) + "\n")
        return EXIT_BAD_SECRET
    lines = [
        t(
            "term-verify-title",
            variant=variant_name(secret.variant, t),
            count=secret.n_players,
        ),
        t("term-verify-code", commitment=secret.commitment),
        t("term-verify-seats"),
    ]
    dealt = secret.rebuild()
    for n, redeal in enumerate(dealt.redeals, 1):
        lines.append("")
        lines.append(
            t("term-verify-redeal", n=n, number=redeal.seat + 1, reason=redeal.reason.value)
        )
        lines.extend(_deal_lines(redeal.deal, secret.variant, t))
    lines.append("")
    lines.append(t("term-verify-deal", n=len(dealt.redeals) + 1))
    lines.extend(_deal_lines(dealt.deal, secret.variant, t))
    out.write("\n".join(style.text(line) for line in lines) + "\n")
    return 0


def _deal_lines(deal: Deal, variant: Variant, t: Translate) -> list[str]:
    lines = [
        t("term-verify-seat", n=seat + 1, tiles=tiles_text(h)) for seat, h in enumerate(deal.hands)
    ]
    if deal.rest:
        # R5.1: the draw game's boneyard is drawn from the front of this order.
        key = "term-verify-boneyard" if variant is Variant.DRAW else "term-verify-out-of-play"
        lines.append(t(key, tiles=tiles_text(deal.rest)))
    return lines
