"""The shape of the code stays as a newcomer can read it (STYLE.md; issues 18 and 24): every
module of fillit opens with what it answers, every folder's `__init__` with the question it
answers, no module is over 450 lines (the pure-Python dance aside), and the imports follow the
rooms: dlx knows nothing of fillit; the engine (dlx's top, `dlx.engines`, `dlx.parallel`) knows
nothing of the command line, the puzzles or the tiling front-end; the cores know nothing of the
search's driver; fillit's solver knows nothing of its tools or its edges; the fast path's parts
depend only on the parts below them, and only the CLI reaches the first release's ordered
search."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from places import ROOT

FILLIT = sorted((ROOT / "fillit").rglob("*.py"))
DLX = sorted((ROOT / "dlx").rglob("*.py"))
MAX_MODULE_LINES = 300
MAX_FUNCTION_LINES = 45
MAX_DLX_MODULE_LINES = 320
DLX_LONG_MODULES = {"dlx.engines.links.twin", "dlx.engines.links.multiplicity"}
"""The dlx modules allowed past MAX_DLX_MODULE_LINES: the pure-Python engine's hot loops (Algorithm
X/C and Algorithm M, each one search kept whole so its dance reads as the book's)."""
MAX_ANY_MODULE_LINES = 450
THE_DANCE = "dlx.engines.links.twin"
"""The one module allowed past MAX_ANY_MODULE_LINES: the pure-Python dance, kept whole."""
MAX_TOP_MODULES = 14
"""fillit's and dlx's top levels hold at most this many modules each; the rest is in rooms."""

ENGINE = ("dlx.engines", "dlx.parallel")
"""The engine's rooms, with dlx's top-level modules: none imports the command line, the puzzles
or the tiling front-end."""
ABOVE_THE_ENGINE = ("dlx.cli", "dlx.puzzles", "dlx.tiling")
CORES_MAY_USE = ("dlx.errors", "dlx.stats", "dlx.memo", "dlx.problem")
"""What a core may import outside `dlx.engines` (never the driver, `dlx.solve`, above it)."""

FAST_PATH = [
    "budget",
    "board.empty_cells",
    "board.sweep",
    "board.pruner",
    "board.packing",
    "questions.orders",
    "questions.race",
    "questions.square_fits",
    "questions.canonical",
    "arrange",
]
"""The fast path's layers, lowest first: each may import only those before it (and the helpers
below), all in `fillit.solver` (one board's search in `board`, the run's questions in
`questions`); `pruner` is given its board, so it does not import the packing."""

HELPERS = {
    "fillit.answer",
    "fillit.geometry",
    "fillit.pieces",
    "fillit.solver.board.colouring",
    "fillit.solver.board.projection",
    "fillit.solver.board.failures",
}
"""fillit modules that answer a question of their own and that any layer may use."""

EDGES = ("fillit.cli", "fillit.cli_common", "fillit.render", "fillit.report", "fillit.tools")
"""What fillit's solver never imports: the command line, what is printed, the authors' tools."""

ORDERED_USERS = {"fillit.cli"}
"""The only fillit modules that may import the first release's ordered search."""

DRAWING = {
    "fillit.cli",
    "fillit.cli_common",
    "fillit.tools.cli",
    "fillit.render",
    "fillit.report",
    "fillit.tools.judge_report",
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


THE_DANCES = {
    "dlx.engines.links.twin.dance",
    "dlx.engines.links.multiplicity._dance_m",
    "dlx.engines.cells.twin._search",
}
"""The dlx functions allowed past MAX_FUNCTION_LINES: the pure-Python dances, Knuth's steps in one
loop, kept whole so that each reads beside its algorithm (X and C, M, SSXCC)."""


def code_lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """A function's lines, its docstring left out (a long contract is no long function)."""
    lines = (function.end_lineno or function.lineno) - function.lineno + 1
    first = function.body[0]
    if ast.get_docstring(function) is not None and isinstance(first, ast.Expr):
        lines -= (first.end_lineno or first.lineno) - first.lineno + 1
    return lines


@pytest.mark.parametrize("path", DLX, ids=module_name)
def test_each_dlx_function_is_short_but_the_dances(path: Path) -> None:
    """Issue 45: the function rule over dlx as over fillit, counted without docstrings; only the
    dances are whole loops."""
    functions = (
        node
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    )
    name = module_name(path)
    long = [
        f"{f.name}: {code_lines(f)} lines"
        for f in functions
        if code_lines(f) > MAX_FUNCTION_LINES and f"{name}.{f.name}" not in THE_DANCES
    ]
    assert long == []


def test_the_dances_are_still_where_the_exception_names_them() -> None:
    """An exception that names no function would excuse nothing (a renamed dance must be named)."""
    found = set()
    for path in DLX:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef):
                found.add(f"{module_name(path)}.{node.name}")
    assert found >= THE_DANCES


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
        assert "fillit.solver.ordered" not in names
    if module_name(path) not in DRAWING:
        assert not names & {"typer", "rich"}


@pytest.mark.parametrize("layer", FAST_PATH)
def test_each_part_of_the_fast_path_imports_only_the_parts_below_it(layer: str) -> None:
    below = {f"fillit.solver.{name}" for name in FAST_PATH[: FAST_PATH.index(layer)]}
    fillit_modules = {module_name(path) for path in FILLIT}
    path = ROOT / "fillit" / "solver" / f"{layer.replace('.', '/')}.py"
    used = {name for name in imported(path) if name in fillit_modules}
    assert used <= below | HELPERS, f"{layer} imports {sorted(used - below - HELPERS)}"


def test_the_layers_name_every_part_of_the_fast_path() -> None:
    """A module added to the fast path takes its place among the layers (so the rule sees it)."""
    fast_parts = {
        module_name(path)
        for path in FILLIT
        if "fillit.solver.board.packing" in imported(path)
        or module_name(path) == "fillit.solver.board.packing"
    }
    assert fast_parts <= {f"fillit.solver.{name}" for name in FAST_PATH}


def inside(name: str, rooms: tuple[str, ...]) -> bool:
    """Whether the dotted `name` is one of `rooms` or inside one."""
    return any(name == room or name.startswith(room + ".") for room in rooms)


@pytest.mark.parametrize("path", [*DLX, *FILLIT], ids=module_name)
def test_no_module_is_over_450_lines_but_the_dance(path: Path) -> None:
    if module_name(path) != THE_DANCE:
        assert len(path.read_text().splitlines()) <= MAX_ANY_MODULE_LINES


@pytest.mark.parametrize("package", ["dlx", "fillit"])
def test_each_top_level_is_a_few_modules_and_rooms_that_say_what_they_answer(package: str) -> None:
    top = ROOT / package
    assert len(list(top.glob("*.py"))) <= MAX_TOP_MODULES
    rooms = [d for d in top.iterdir() if (d / "__init__.py").exists()]
    assert rooms, f"{package} has no subpackages"
    for room in rooms:
        docstring = ast.get_docstring(ast.parse((room / "__init__.py").read_text()))
        assert docstring and "?" in docstring.split("\n\n")[0], f"{room.name} asks no question"


@pytest.mark.parametrize("path", DLX, ids=module_name)
def test_the_engine_knows_nothing_of_the_command_line_the_puzzles_or_tiling(path: Path) -> None:
    name = module_name(path)
    if (name.count(".") == 1 and name != "dlx.__main__") or inside(name, ENGINE):
        assert not [used for used in imported(path) if inside(used, ABOVE_THE_ENGINE)]


@pytest.mark.parametrize("path", DLX, ids=module_name)
def test_the_cores_know_nothing_of_the_driver_above_them(path: Path) -> None:
    if inside(module_name(path), ("dlx.engines",)):
        outside = {
            used
            for used in imported(path)
            if used.startswith("dlx") and not inside(used, ("dlx.engines",))
        }
        assert all(inside(used, CORES_MAY_USE) for used in outside - {"dlx"}), sorted(outside)


@pytest.mark.parametrize("path", DLX, ids=module_name)
def test_adapters_stay_below_the_command_line(path: Path) -> None:
    if inside(module_name(path), ("dlx.puzzles", "dlx.tiling")):
        assert not [used for used in imported(path) if inside(used, ("dlx.cli",))]


@pytest.mark.parametrize("path", FILLIT, ids=module_name)
def test_the_solver_knows_nothing_of_the_edges_or_the_tools(path: Path) -> None:
    if inside(module_name(path), ("fillit.solver",)):
        assert not [used for used in imported(path) if inside(used, EDGES)]


def test_the_public_names_are_listed_alike_for_the_checker_and_for_the_lazy_import() -> None:
    """`dlx` names its public API three times, each read by another reader: the imports the
    type checker reads, `__all__` (star imports, and mypy's re-exports) and `_HOMES` (the lazy
    import at run time); none may drift from the others."""
    import dlx

    tree = ast.parse((ROOT / "dlx" / "__init__.py").read_text())
    checked = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("dlx")
        for alias in node.names
    }
    assert checked == set(dlx.__all__) == set(dlx._HOMES)


def test_the_install_lists_every_package() -> None:
    """A package the install does not list is left out of a wheel (the editable install finds
    it anyway, so only a real install would show it missing)."""
    import tomllib

    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for top in ("dlx", "fillit")
        for path in (ROOT / top).rglob("__init__.py")
    }
    assert found == listed
