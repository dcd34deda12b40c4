"""What the programs decide once (issue 56): the exit statuses are defined in one module
(`dlx.programs.exits`), and whether to draw in colour is one function (`dlx.programs.live`'s
`styled`), which the boards, the parallel progress bar, the live line and fillit all ask."""

from __future__ import annotations

import io
import re

import pytest
from places import ROOT

from dlx.programs.live import on_terminal, styled

SOURCES = sorted([*ROOT.glob("dlx/**/*.py"), *ROOT.glob("fillit/**/*.py")])


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def defining(pattern: str) -> list[str]:
    """The source files with a line matching `pattern`."""
    found = re.compile(pattern, re.MULTILINE)
    return [str(p.relative_to(ROOT)) for p in SOURCES if found.search(p.read_text())]


def test_the_exit_statuses_are_defined_in_one_module() -> None:
    assert defining(r"^EXIT_[A-Z]+ = ") == ["dlx/programs/exits.py"]


def test_the_colour_variables_are_read_in_one_module() -> None:
    assert defining(r"environ\.get\(\"(NO_COLOR|FORCE_COLOR)\"\)") == ["dlx/programs/live.py"]


@pytest.mark.parametrize(
    ("environ", "terminal", "plain", "expected"),
    [
        ({}, True, False, True),
        ({}, False, False, False),
        ({}, True, True, False),
        ({"NO_COLOR": "1"}, True, False, False),
        ({"FORCE_COLOR": "1"}, False, False, True),
        ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False, False, False),
        ({"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"}, True, False, False),
        ({"TTY_COMPATIBLE": "1"}, False, False, True),
    ],
)
def test_styled_is_the_one_colour_decision(
    monkeypatch: pytest.MonkeyPatch,
    environ: dict[str, str],
    terminal: bool,
    plain: bool,
    expected: bool,
) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    stream = Terminal() if terminal else io.StringIO()
    assert styled(stream, plain) is expected


def test_a_closed_stream_is_no_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    closed = io.StringIO()
    closed.close()  # (its isatty raises ValueError)
    assert not on_terminal(closed) and not on_terminal(None)
