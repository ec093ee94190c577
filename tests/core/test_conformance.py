"""Every shared conformance case (45 scripted, 300 random matches) replays exactly."""

from tests.core.conformance import load_cases, replay_case


def test_every_conformance_case_replays_exactly() -> None:
    cases = list(load_cases())
    failures: list[str] = []
    for case in cases:
        try:
            replay_case(case)
        except AssertionError as exc:
            failures.append(f"{case['id']}: {exc}"[:2000])
    assert len(cases) == 345
    assert not failures, "\n".join(failures[:10])
