"""The code stays ruff-clean, ruff-formatted and mypy-strict (STYLE.md, practice 8)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from places import ROOT


def tool(name: str) -> str:
    """The path of a quality tool installed beside this interpreter, or skip."""
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return found


@pytest.mark.parametrize(
    "command",
    [["ruff", "check", "."], ["ruff", "format", "--check", "."], ["mypy"]],
    ids=" ".join,
)
def test_quality_tool_passes(command: list[str]) -> None:
    """Each tool reports no problem on the whole tree (its settings live in pyproject.toml)."""
    done = subprocess.run(
        [tool(command[0]), *command[1:]], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
