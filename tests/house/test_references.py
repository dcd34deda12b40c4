"""Names in the prose point at what exists: every module, class or function the docs, docstrings
and C comments name in backquotes (`dlx.engines.links.twin`, `fillit.solver.ordered`), and
every file they name by its path (dlx/engines/links/csrc/steps.c), is there (issue 57: stale
references). The changelogs are history, and keep the names things had then."""

from __future__ import annotations

import importlib
import importlib.util
import re
import subprocess
from pathlib import Path

import pytest
from places import ROOT

DOTTED = re.compile(r"`((?:dlx|fillit)(?:\.[a-z_0-9A-Z]+)+)")
PATH = re.compile(r"\b((?:dlx|fillit|tests|corpus)/[\w/.-]+\.(?:py|c|h|md|txt))\b")


def sources() -> list[Path]:
    """The tracked text the house writes (the changelogs aside)."""
    listed = subprocess.run(
        ["git", "ls-files", "*.md", "*.py", "*.c", "*.h"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [ROOT / name for name in listed if not name.endswith("CHANGELOG.md")]


def resolves(dotted: str) -> bool:
    """Whether `dotted` is a module, or a name (an attribute's attribute...) inside one."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        name = ".".join(parts[:cut])
        try:
            found = importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:
            found = False
        if found and name.endswith("__main__"):  # (importing it would run the program)
            return cut == len(parts)
        if found:
            thing: object = importlib.import_module(name)
            for part in parts[cut:]:
                if not hasattr(thing, part):
                    return False
                thing = getattr(thing, part)
            return True
    return False


@pytest.mark.parametrize("path", sources(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_name_and_path_the_text_gives_is_there(path: Path) -> None:
    text = path.read_text(errors="replace")
    names = sorted({name.rstrip(".") for name in DOTTED.findall(text)})
    missing = [name for name in names if not resolves(name)]
    paths = sorted(set(PATH.findall(text)))
    missing += [name for name in paths if not (ROOT / name).exists() and "*" not in name]
    assert not missing, f"{path.relative_to(ROOT)} names what is not there: {missing}"


def test_a_stale_name_is_seen() -> None:
    assert resolves("dlx.engines.links.twin") and resolves("dlx.tiling.Puzzle.solutions")
    assert not resolves("dlx.cores.links.dance") and not resolves("dlx.tiling.picture")
