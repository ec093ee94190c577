"""`dominoes play` as a person meets it: whole matches in every variant and in two
languages, wrong answers mixed in, driven as a subprocess through its standard input."""

from __future__ import annotations

import re
import signal
import sys
import tomllib

import pexpect
import pytest

from terminal.style import Style
from tests.terminal.driver import ROOT, TEXTS, Session, environment, play, run, spawn

MATCHES = [
    # (variant, arguments, players), each in two languages
    ("draw", ["draw", "--players", "3", "--level", "medium", "--target", "100"], 3),
    ("block", ["block", "--players", "4", "--level", "easy", "--target", "100"], 4),
    ("kozel", ["kozel", "--level", "hard", "--target", "100"], 4),
]


def shown(lang: str, key: str, who: str = "other", **regexes: str) -> str:
    """A regex for text `key` as the terminal shows it (markup dropped), in the
    grammatical person `who`, each other argument standing for its own regex."""
    tokens = {name: f"ARG{i}X" for i, name in enumerate(regexes)}
    text = re.escape(Style(colour=False).text(TEXTS.get(lang, key, who=who, **tokens)))
    for name, token in tokens.items():
        text = text.replace(token, regexes[name])
    return text


SEAT = r"(?:You|Вы|Bot \d|Бот \d)"
TILES = r"[0-6]\|[0-6](?: [0-6]\|[0-6])*"


def count_lines(pattern: str, transcript: str) -> int:
    return len(re.findall(f"^(?:{pattern})$", transcript, flags=re.MULTILINE))


def check_whole_match(session: Session, lang: str, players: int) -> None:
    out = session.transcript
    assert session.status == 0, out[-2000:]
    assert "Traceback" not in out
    t = TEXTS.translator(lang)
    # Every hand's end shows every seat's hand (R8.3), and the match's result is told.
    hands = out.count(t("term-next-hand")) + 1
    revealed = shown(lang, "reveal", name=SEAT, tiles=TILES, count=r"\d+")
    emptied = shown(lang, "reveal-empty", name=SEAT)
    assert count_lines(f"{revealed}(?: .*)?|{emptied}", out) == hands * players
    assert out.count(t("term-again")) == 1
    assert out.rstrip().endswith(t("term-bye"))
    # Each wrong answer got its line and the question again.
    refusals = len(re.findall(re.escape(t("term-bad-choice", count=9)).replace("9", r"\d+"), out))
    refusals += out.count(t("term-bad-choice", count=1))
    assert session.refused > 0
    assert refusals == session.refused


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("variant", "args", "players"), MATCHES, ids=[m[0] for m in MATCHES])
def test_a_whole_match_plays_to_its_end(
    variant: str, args: list[str], players: int, lang: str
) -> None:
    session = play([*args, "--seed", "7"], lang, seed=len(variant), bad_every=3)
    check_whole_match(session, lang, players)
    t = TEXTS.translator(lang)
    out = session.transcript
    assert t(f"variant-{variant}") in out
    assert t("ends", left=0, right=0).split(":")[0] in out  # the open ends are shown
    assert t("your-hand", tiles="").split(":")[0] in out
    assert t("term-moves-left", number=0).split("◀")[0].strip() in out
    if variant == "kozel":
        assert t("term-partner", name=t("bot-name", n=2)) in out
        team = f"{SEAT}.+{SEAT}"
        result = "|".join(
            shown(lang, "match-goats", team=team, who=who, score=r"\d+") for who in ("you", "other")
        )
    else:
        result = "|".join(
            shown(lang, "match-won", who=who, name=SEAT, score=r"\d+") for who in ("you", "other")
        )
    assert count_lines(result, out) == 1


def test_bot_moves_are_told_one_line_each() -> None:
    session = play(["block", "--players", "2", "--level", "easy", "--seed", "3"], "en")
    out = session.transcript
    played = re.findall(r"^Bot 1 (?:played|led|leads|passes)", out, flags=re.MULTILINE)
    assert len(played) >= 5
    assert "Bot 1 played" in out
    assert "You played" in out


def test_a_rematch_deals_a_new_match_with_the_next_seed() -> None:
    session = play(
        ["block", "--level", "easy", "--target", "50", "--seed", "11"], "en", rematches=1
    )
    out = session.transcript
    assert session.status == 0
    seeds = re.findall(r"^Deal seed (\d+):", out, flags=re.MULTILINE)
    assert len(seeds) == 2
    assert seeds[0] == "11"
    assert seeds[1] != "11"
    assert out.count("Another match?") == 2


def test_the_same_seed_and_answers_replay_the_same_match() -> None:
    args = ["draw", "--players", "2", "--level", "hard", "--target", "50", "--seed", "42"]
    first = play(args, "en", seed=1)
    second = play(args, "en", seed=1)
    assert first.answers == second.answers
    assert first.transcript == second.transcript


def test_without_a_game_it_asks_what_the_play_menu_asks() -> None:
    child = spawn(["play", "--lang", "en", "--seed", "1"])
    for question, answer in [
        ("Which game?", "2"),  # block
        ("How many bot opponents?", "3"),  # 3 bots
        ("How strong should the bots be?", "1"),  # easy
        ("Play to how many points?", "1"),  # 50
    ]:
        child.expect_exact(question)
        child.expect_exact("Your choice")
        child.sendline(answer)
    child.expect_exact("Block game · 4 players · bots: Easy")
    child.expect_exact("playing to 50")
    child.kill(signal.SIGTERM)
    child.wait()


def test_the_end_of_input_stops_the_game_with_a_message() -> None:
    done = run(["play", "kozel", "--seed", "2", "--lang", "fr"], "1\nabc\n")
    assert done.returncode == 0
    assert "Tapez un nombre de 1 à" in done.stdout
    assert done.stdout.rstrip().endswith(TEXTS.get("fr", "term-end-of-input"))
    assert done.stderr == ""


def test_ctrl_c_stops_the_game_with_a_message_and_code_130() -> None:
    child = spawn(["play", "draw", "--seed", "2", "--lang", "it"])
    child.expect_exact("La tua scelta")
    child.kill(signal.SIGINT)
    child.expect(pexpect.EOF)
    assert TEXTS.get("it", "term-interrupted") in child.before
    assert "Traceback" not in child.before
    assert child.wait() == 130


def test_kozel_with_other_than_four_players_is_refused_plainly() -> None:
    done = run(["play", "kozel", "--players", "3", "--lang", "en"])
    assert done.returncode == 2
    assert done.stdout.strip() == TEXTS.get("en", "term-kozel-players")


def test_a_terminal_gets_colour_and_no_color_turns_it_off() -> None:
    args = ["-m", "terminal", "play", "block", "--seed", "5", "--lang", "en"]
    coloured = pexpect.spawn(
        sys.executable, args, env=environment(TERM="xterm"), cwd=str(ROOT), encoding="utf-8"
    )
    coloured.expect_exact("Your choice")
    assert "\x1b[1m" in coloured.before  # bold header
    coloured.sendeof()
    coloured.expect(pexpect.EOF)
    plain = pexpect.spawn(
        sys.executable,
        args,
        env=environment(TERM="xterm", NO_COLOR="1"),
        cwd=str(ROOT),
        encoding="utf-8",
    )
    plain.expect_exact("Your choice")
    assert "\x1b[" not in plain.before
    plain.sendeof()
    plain.expect(pexpect.EOF)


def test_the_bot_is_its_own_console_script_not_a_terminal_command() -> None:
    """The terminal game never reaches the Telegram layer, not even by a name."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["dominoes-bot"] == "bot.__main__:main"
    assert scripts["dominoes"] == "terminal.cli:main"
    done = run(["bot"])
    assert done.returncode == 2
    assert "invalid choice: 'bot'" in done.stderr
