"""Shared fixtures: `dlx_core` runs a test module once per core of the engine; Ctrl-C delivered
however the run was started; and the terminal's variables of the caller's shell left out."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest

from dlx.engines.links.engine import COMPILED as LINKS_COMPILED

CORES = ["python", "compiled"] if LINKS_COMPILED else ["python"]

TERMINAL_VARIABLES = (
    "NO_COLOR",
    "FORCE_COLOR",
    "CLICOLOR",
    "CLICOLOR_FORCE",
    "COLORTERM",
    "TERM",
    "COLUMNS",
    "LINES",
)
"""What a person's shell may hold that changes how rich and click draw (colour, its depth, the
width): no test inherits them; a test that needs one sets it itself."""


@pytest.fixture(scope="module", params=CORES)
def dlx_core(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run the module's searches on one core (DLX_CORE), then on the other: every engine
    behaviour is checked on the pure-Python reference and on the compiled core."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DLX_CORE", request.param)
        yield request.param


def pytest_configure(config: pytest.Config) -> None:
    """A shell without job control starts a command put in the background (`pytest &`) with
    SIGINT ignored, and Python then keeps it ignored, in the run and in every process it starts:
    the tests of Ctrl-C (a SIGINT sent to the search, a KeyboardInterrupt kept for the next batch)
    would see nothing arrive. Python's own handler is put back for the run."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    for name in TERMINAL_VARIABLES:  # (before any test, and the processes tests start, reads one)
        os.environ.pop(name, None)
