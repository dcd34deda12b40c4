"""The shape of the code stays as a newcomer can read it (STYLE.md; issue 18): every module of
fillit opens with what it answers, no module is over 300 lines nor function over 45, and the
imports follow the layers: dlx knows nothing of fillit, the fast path's parts depend only on the
parts below them, and only the CLI reaches the first release's ordered search."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FILLIT = sorted((ROOT / "fillit").glob("*.py"))
DLX = sorted((ROOT / "dlx").rglob("*.py"))
MAX_MODULE_LINES = 300
MAX_FUNCTION_LINES = 45
MAX_DLX_MODULE_LINES = 320
DLX_LONG_MODULES = {"dlx.links", "dlx.multiplicity", "dlx.parallel"}
"""The dlx modules allowed past MAX_DLX_MODULE_LINES: the pure-Python engine's hot loops (Algorithm
X/C and Algorithm M, each one search kept whole so its dance reads as the book's) and the parallel
search, not yet split."""

FAST_PATH = ["vocabulary", "budget", "cells", "pruner", "packing", "fits", "canonical", "fast"]
"""The fast path's layers, lowest first: each may import only those before it (and the helpers
below); `fillit.pruner` is given its board, so it does not import the packing."""

HELPERS = {"fillit.pieces", "fillit.colouring", "fillit.projection", "fillit.failures"}
"""fillit modules that answer a question of their own and that any layer may use."""

ORDERED_USERS = {"fillit.cli"}
"""The only fillit modules that may import the first release's ordered search."""

DRAWING = {
    "fillit.cli",
    "fillit.cli_common",
    "fillit.cli_tools",
    "fillit.render",
    "fillit.report",
    "fillit.judge_report",
}
"""The only fillit modules that may import typer or rich (nothing else prints)."""


def module_name(path: Path) -> str:
    """The dotted name of a module file under ROOT."""
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def imported(path: Path) -> set[str]:
    """Every module `path` imports (at its top or inside a function), as dotted names."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("path", FILLIT, ids=module_name)
def test_each_fillit_module_opens_with_what_it_answers_and_stays_short(path: Path) -> None:
    text = path.read_text()
    docstring = ast.get_docstring(ast.parse(text))
    assert docstring, f"{module_name(path)} has no module docstring"
    assert len(text.splitlines()) <= MAX_MODULE_LINES


@pytest.mark.parametrize("path", FILLIT, ids=module_name)
def test_each_fillit_function_is_short_and_says_what_it_does(path: Path) -> None:
    """Its lines (docstring included), and a contract on each public function and method."""
    tree = ast.parse(path.read_text())
    functions = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
    long = [f.name for f in functions if (f.end_lineno or 0) - f.lineno + 1 > MAX_FUNCTION_LINES]
    outer = [*tree.body, *(n for c in tree.body if isinstance(c, ast.ClassDef) for n in c.body)]
    silent = [
        f.name
        for f in outer
        if isinstance(f, ast.FunctionDef)
        and not f.name.startswith("_")
        and not ast.get_docstring(f)
    ]
    assert (long, silent) == ([], [])


@pytest.mark.parametrize("path", DLX, ids=module_name)
def test_each_dlx_module_stays_short(path: Path) -> None:
    """The command line included: its commands live in modules of their own (issue 18)."""
    if module_name(path) not in DLX_LONG_MODULES:
        assert len(path.read_text().splitlines()) <= MAX_DLX_MODULE_LINES


@pytest.mark.parametrize("path", DLX, ids=module_name)
def test_dlx_never_imports_fillit(path: Path) -> None:
    assert not any(name.split(".")[0] == "fillit" for name in imported(path))


@pytest.mark.parametrize("path", FILLIT, ids=module_name)
def test_only_the_cli_reaches_the_ordered_search_and_only_drawing_modules_rich(
    path: Path,
) -> None:
    names = {name.split(".")[0] for name in imported(path)} | imported(path)
    if module_name(path) not in ORDERED_USERS:
        assert "fillit.ordered" not in names
    if module_name(path) not in DRAWING:
        assert not names & {"typer", "rich"}


@pytest.mark.parametrize("layer", FAST_PATH)
def test_each_part_of_the_fast_path_imports_only_the_parts_below_it(layer: str) -> None:
    below = {f"fillit.{name}" for name in FAST_PATH[: FAST_PATH.index(layer)]}
    fillit_modules = {module_name(path) for path in FILLIT}
    used = {name for name in imported(ROOT / "fillit" / f"{layer}.py") if name in fillit_modules}
    assert used <= below | HELPERS, f"fillit.{layer} imports {sorted(used - below - HELPERS)}"


def test_the_layers_name_every_part_of_the_fast_path() -> None:
    """A module added to the fast path takes its place among the layers (so the rule sees it)."""
    fast_parts = {
        module_name(path)
        for path in FILLIT
        if "fillit.packing" in imported(path) or module_name(path) == "fillit.packing"
    }
    assert fast_parts <= {f"fillit.{name}" for name in FAST_PATH}
