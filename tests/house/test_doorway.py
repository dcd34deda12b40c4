"""Start-up tuning stays in the doorway (issue 57): the command-line modules (`dlx/cli/`,
`dlx/programs/`, fillit's `cli.py`, `cli_common.py`, `entry.py` and `tools/cli.py`) may import
inside a function what one command needs and the others do not. Anywhere else an import inside a
function says why on its line or the line above it: a start-up the benchmark measured
(`tests/benchmarks/bench_startup.py`), an engine loaded only when asked for, an optional extra,
a platform's module. Everything else is imported at the top, where a reader looks for it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from places import ROOT

DOORWAY = (
    "dlx/cli/",
    "dlx/programs/",
    "fillit/cli.py",
    "fillit/cli_common.py",
    "fillit/entry.py",
    "fillit/tools/cli.py",
)
SOURCES = sorted([*(ROOT / "dlx").rglob("*.py"), *(ROOT / "fillit").rglob("*.py")])
INSIDE = [path for path in SOURCES if not str(path.relative_to(ROOT)).startswith(DOORWAY)]


IMPORTS = ("import ", "from ")


def imports_in_functions(path: Path) -> list[int]:
    """The line numbers of the imports inside the functions of `path`."""
    tree = ast.parse(path.read_text())
    found = set()
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    found.add(node.lineno)
    return sorted(found)


def says_why(lines: list[str], number: int) -> bool:
    """Whether the import on line `number` (1-based) carries a comment, or follows one over the
    imports of its block (blank lines between its groups included)."""
    if "#" in lines[number - 1]:
        return True
    above = number - 2
    while above >= 0 and (not lines[above].strip() or lines[above].lstrip().startswith(IMPORTS)):
        above -= 1
    return above >= 0 and lines[above].strip().startswith("#")


@pytest.mark.parametrize("path", INSIDE, ids=lambda path: str(path.relative_to(ROOT)))
def test_an_import_inside_a_function_outside_the_doorway_says_why(path: Path) -> None:
    lines = path.read_text().splitlines()
    silent = [n for n in imports_in_functions(path) if not says_why(lines, n)]
    assert not silent, f"imports inside functions with no reason given, lines {silent}"


def test_the_doorway_is_where_the_commands_are() -> None:
    for place in DOORWAY:
        assert (ROOT / place).exists(), place


def test_the_rule_sees_an_import_without_a_reason(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    import json\n\n    # (why)\n    import re\n    import os\n")
    lines = module.read_text().splitlines()
    assert imports_in_functions(module) == [2, 5, 6]
    assert [says_why(lines, n) for n in (2, 5, 6)] == [False, True, True]
