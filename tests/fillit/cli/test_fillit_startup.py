"""`fillit solve` starts with only what it uses (issue 14's start-up): on the compiled core it
loads neither the pure-Python engine nor the modules of the options it was not given."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from places import ROOT

from dlx.engines.links.engine import COMPILED as LINKS_COMPILED

EXAMPLE = ROOT / "corpus" / "fillit" / "valid" / "readme_example.txt"
UNUSED = {
    "dlx.engines.links.twin",
    "dlx.engines.links.multiplicity",
    "dlx.puzzles",
    "fillit.solver.ordered",
    "json",
    "rich",
}
"""Modules `fillit solve FILE` (plain, compiled core) has no use for."""


def imported_by(*args: str) -> set[str]:
    """The modules `python -m fillit ARGS` imports, as `-X importtime` lists them."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "fillit", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "NO_COLOR": "1", "DLX_CORE": "compiled"},
        check=True,
    )
    lines = [line for line in done.stderr.splitlines() if line.startswith("import time:")]
    return {line.rpartition("|")[2].strip() for line in lines[1:]}


@pytest.mark.skipif(not LINKS_COMPILED, reason="the compiled core was not built")
def test_fillit_solve_starts_without_what_it_does_not_use() -> None:
    names = imported_by("solve", str(EXAMPLE))
    assert "fillit.solver.arrange" in names
    assert not {name.split(".")[0] for name in names} & {"rich"}
    assert not names & UNUSED


@pytest.mark.skipif(not LINKS_COMPILED, reason="the compiled core was not built")
def test_the_options_load_what_they_use() -> None:
    assert {"fillit.solver.ordered"} <= imported_by("solve", "--ordered", str(EXAMPLE))
    assert {"json"} <= imported_by("stats", "--json", str(EXAMPLE))


LAZY_NAMES = """
import sys, types
import dlx
early = {"dlx.problem", "dlx.solve", "dlx.engines.links.engine"} & set(sys.modules)
assert not early, "loaded early"
import dlx.solve, dlx.verify  # the modules named as the functions they hold
assert isinstance(dlx.solve, types.FunctionType) and isinstance(dlx.verify, types.FunctionType)
from dlx import *
assert set(dlx.__all__) <= set(dir(dlx)) and all(getattr(dlx, n) for n in dlx.__all__)
assert dlx.Problem.__module__ == "dlx.problem" and dlx.CORE in ("compiled", "python")
try:
    dlx.nothing
except AttributeError:
    print("ok")
"""


def test_dlx_loads_its_names_on_first_use_and_they_stay_the_same() -> None:
    """`import dlx` (the programs' first import) loads none of the engine; each public name
    loads on first use, and `dlx.solve` stays the function once `dlx.solve` the module loads."""
    done = subprocess.run(
        [sys.executable, "-c", LAZY_NAMES], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert (done.stdout, done.stderr) == ("ok\n", "")


def dlx_imports(*args: str) -> set[str]:
    """The modules `python -m dlx ARGS` imports, as `-X importtime` lists them."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "dlx", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "NO_COLOR": "1"},
        check=True,
    )
    lines = [line for line in done.stderr.splitlines() if line.startswith("import time:")]
    return {line.rpartition("|")[2].strip() for line in lines[1:]}


def test_dlx_solve_loads_only_what_it_uses() -> None:
    """A cells search loads neither the links core nor the memo; json only for --json."""
    problem = str(ROOT / "corpus" / "dlx" / "queens4.dlx")
    unused = {"json", "dlx.engines.links.engine", "dlx.engines.links._links", "dlx.memo"}
    assert not dlx_imports("solve", "--engine", "cells", "--count", problem) & unused
    assert {"json", "dlx.engines.links.engine"} <= dlx_imports("solve", "--json", problem)
