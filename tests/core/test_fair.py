"""A deal anyone can check (`core.fair`): each hand's secret rebuilds exactly the deal
the engine played, its commitment is shown while the hand is played and the secret
only once it is over, and no revealed secret gives away another hand or the bots."""

from __future__ import annotations

import hashlib
import hmac
import itertools

import pytest

from core.deal import SecretDealer, derive, hand_key
from core.engine import Match
from core.errors import ErrorCode, GameError
from core.events import Redealt
from core.fair import BadSecretError, HandSecret, SecretProblem, bots_seed, commitment, hand_secret
from core.replay import replay_of
from core.state import Phase
from core.variants import Settings, Variant
from core.views import public_view
from tests.core.dealt import played_hands
from tests.core.test_deal import DEAL_TABLE

MATCH_SECRET = bytes(range(32))


def played_out(match: Match) -> Match:
    """The match played to its end, each seat laying its first legal move."""
    while not match.match_over:
        if match.hand_over:
            match.next_hand()
            continue
        seat = match.turn
        assert seat is not None
        match.play(seat, *match.legal_moves()[0])
    return match


def redealt_secret() -> bytes:
    """A match secret whose first Kozel hand is dealt again (R2.3): about one in sixty."""
    candidates = (n.to_bytes(32, "big") for n in range(10_000))
    return next(
        secret
        for secret in candidates
        if any(isinstance(e, Redealt) for e in Match.new("kozel", 4, secret=secret)[1])
    )


@pytest.mark.parametrize(("variant", "n_players", "each", "rest"), DEAL_TABLE)
def test_every_hand_secret_rebuilds_the_deal_the_match_was_played_with(
    variant: str, n_players: int, each: int, rest: int
) -> None:
    """R2, R5.1: from its secret alone, each hand's hands and boneyard in draw order."""
    match = played_out(Match.new(variant, n_players, 150, secret=MATCH_SECRET)[0])
    view = public_view(match)
    hands = played_hands(match)
    assert len(hands) == len(view.deal_secrets) == len(view.results) > 0
    for played, shown in zip(hands, view.deal_secrets, strict=True):
        rebuilt = HandSecret.parse(str(shown)).rebuild()
        assert rebuilt.deal == played.deal
        assert [len(h) for h in rebuilt.deal.hands] == [each] * n_players
        assert len(rebuilt.deal.rest) == rest
        assert [(r.seat, r.reason) for r in rebuilt.redeals] == list(played.redeals)


def test_a_kozel_redeal_is_rebuilt_from_the_same_secret() -> None:
    """R2.3: the voided deals come first, each with the seat and the reason it was voided."""
    match_secret = redealt_secret()
    match, events = Match.new("kozel", 4, 50, secret=match_secret)
    redeals = [e for e in events if isinstance(e, Redealt)]
    assert isinstance(match.state.dealer, SecretDealer)
    rebuilt = hand_secret(match_secret, match.settings, 1).rebuild()
    assert [(r.seat, r.reason) for r in rebuilt.redeals] == [(e.seat, e.reason) for e in redeals]
    assert rebuilt.deal == played_hands(played_out(match))[0].deal
    assert all(r.deal != rebuilt.deal for r in rebuilt.redeals)


def test_a_secret_text_deals_what_it_always_dealt() -> None:
    """R2: the dealing from a secret is fixed, so a hand revealed long ago still checks."""
    rebuilt = HandSecret.parse("draw-2-" + "00" * 32).rebuild()
    assert [" ".join(map(str, h)) for h in rebuilt.deal.hands] == [
        "0-2 1-2 1-6 2-2 2-3 2-4 4-4",
        "0-0 0-4 1-1 1-4 2-6 3-3 3-4",
    ]
    assert " ".join(map(str, rebuilt.deal.rest)) == (
        "0-5 4-5 1-3 6-6 3-5 0-6 1-5 4-6 2-5 0-3 5-5 3-6 0-1 5-6"
    )
    assert commitment("draw-2-" + "00" * 32) == "5d6648b29d33b35c"


def test_the_commitment_is_shown_while_playing_and_the_secret_only_once_over() -> None:
    """R8.1, R8.3: the code of the hand being played; the secret with the hand's result."""
    match, _ = Match.new("block", 2, 50, secret=MATCH_SECRET)
    first = hand_secret(MATCH_SECRET, match.settings, 1)
    view = public_view(match)
    assert view.commitment == first.commitment
    assert view.commitment == hashlib.sha256(str(first).encode()).hexdigest()[:16]
    assert view.deal_secrets == ()
    while not match.hand_over:
        seat = match.turn
        assert seat is not None
        match.play(seat, *match.legal_moves()[0])
    assert public_view(match).deal_secrets == (first,)
    match.next_hand()
    view = public_view(match)
    assert view.phase is Phase.PLAYING
    assert view.commitment == hand_secret(MATCH_SECRET, match.settings, 2).commitment
    assert view.deal_secrets == (first,)
    assert public_view(Match.new("block", 2, 50, seed=5)[0]).commitment is None  # older deals


def test_hand_secrets_are_hmacs_of_a_match_secret_never_shown() -> None:
    """Revealing hand k's secret does not give hand k + 1's: each is HMAC-SHA256 of the
    match secret, which no view holds, and neither is derived from the one before."""
    match = played_out(Match.new("draw", 3, 150, secret=MATCH_SECRET)[0])
    view = public_view(match)
    keys = [s.key for s in view.deal_secrets]
    assert len(keys) >= 2
    for hand_no, key in enumerate(keys, 1):
        expected = hmac.new(MATCH_SECRET, b"deal:%d" % hand_no, hashlib.sha256).digest()
        assert key == expected == hand_key(MATCH_SECRET, hand_no)
    for hand_no, (before, after) in enumerate(itertools.pairwise(keys), 2):
        assert hmac.new(before, b"deal:%d" % hand_no, hashlib.sha256).digest() != after
        assert hashlib.sha256(before).digest() != after
    # Another match secret, the same hand numbers: other keys.
    assert hand_key(bytes(32), 1) != keys[0]
    assert MATCH_SECRET.hex() not in repr(view)


def test_the_bots_seed_is_derived_apart_from_every_revealed_secret() -> None:
    """The bots' chance comes from HMAC(match secret, "bots"), none of the hands' keys."""
    seed = bots_seed(MATCH_SECRET)
    assert seed == int.from_bytes(derive(MATCH_SECRET, b"bots"), "big")
    assert seed.bit_length() > 200  # as strong as the keys, not a small number
    revealed = {int.from_bytes(hand_key(MATCH_SECRET, k), "big") for k in range(1, 100)}
    assert seed not in revealed
    assert bots_seed(bytes(32)) != seed


def test_a_secret_dealt_match_replays_and_round_trips_exactly() -> None:
    """R2: the dealer's secret is saved with the match, so the match replays exactly."""
    match, _ = Match.new("kozel", 4, 100, secret=MATCH_SECRET)
    for _ in range(40):
        if match.match_over:
            break
        if match.hand_over:
            match.next_hand()
            continue
        seat = match.turn
        assert seat is not None
        match.play(seat, *match.legal_moves()[-1])
    assert Match.from_dict(match.to_dict()).to_dict() == match.to_dict()
    assert replay_of(match).to_dict() == match.to_dict()


@pytest.mark.parametrize("secret", [b"", b"short", bytes(31), bytes(33)])
def test_a_match_secret_must_be_32_bytes(secret: bytes) -> None:
    with pytest.raises(GameError) as caught:
        Match.new("draw", 2, secret=secret)
    assert caught.value.code is ErrorCode.BAD_SETTINGS


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", SecretProblem.SHAPE),
        ("kozel4" + "0" * 64, SecretProblem.SHAPE),
        ("kozel-4-" + "g" * 64, SecretProblem.SHAPE),
        ("kozel-04-" + "0" * 64, SecretProblem.SHAPE),
        ("chess-4-" + "0" * 64, SecretProblem.GAME),
        ("kozel-2-" + "0" * 64, SecretProblem.PLAYERS),
        ("draw-5-" + "0" * 64, SecretProblem.PLAYERS),
        ("block-3-" + "0" * 63, SecretProblem.KEY),
        ("block-3-" + "0" * 66, SecretProblem.KEY),
    ],
)
def test_a_malformed_secret_is_refused_with_what_is_wrong(
    text: str, problem: SecretProblem
) -> None:
    with pytest.raises(BadSecretError) as caught:
        HandSecret.parse(text)
    assert caught.value.problem is problem


def test_a_secret_reads_back_as_written() -> None:
    secret = hand_secret(MATCH_SECRET, Settings(Variant.DRAW, 3), 7)
    assert HandSecret.parse(str(secret)) == secret
    assert HandSecret.parse(f"  {str(secret).upper()}\n") == secret  # pasted loosely
    assert str(secret) == "draw-3-" + secret.key.hex()
    assert len(secret.key) == 32
