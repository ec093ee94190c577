"""`dominoes picture`: a seeded position's PNG written, the same for the same seed."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from terminal.cli import main


def test_dominoes_picture_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.png"
    assert main(["picture", str(path), "kozel", "--seed", "5", "--moves", "20"]) == 0
    image = Image.open(io.BytesIO(path.read_bytes()))
    assert image.format == "PNG"
    assert image.width <= 1280
    assert f"{path}:" in capsys.readouterr().out


def test_the_same_seed_draws_the_same_picture(tmp_path: Path) -> None:
    one, two, other = tmp_path / "1.png", tmp_path / "2.png", tmp_path / "3.png"
    assert main(["picture", str(one), "--seed", "11", "--lang", "ru"]) == 0
    assert main(["picture", str(two), "--seed", "11", "--lang", "ru"]) == 0
    assert main(["picture", str(other), "--seed", "12", "--lang", "ru"]) == 0
    assert one.read_bytes() == two.read_bytes()
    assert one.read_bytes() != other.read_bytes()
