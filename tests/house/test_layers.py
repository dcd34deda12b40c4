"""The house as the design notes draw it (dlx/DESIGN.md, "The layers"; issue 31): every module of
dlx and fillit stands in one layer of the map, imports only modules of its own layer or of the
layers below (imports inside functions and for the type checker included), and no loop of imports
ties modules together; fillit uses no module of dlx's command line and its C no header of dlx."""

from __future__ import annotations

import re
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest
from module_graph import MODULES, NAMES, ROOT, imports, module_name

NOTES = ROOT / "dlx" / "DESIGN.md"


def layer_map() -> dict[str, int]:
    """Each room of the map and its layer's number (1 the ground)."""
    text = NOTES.read_text()
    table = text.split("<!-- layers:", 1)[1].split("<!-- end of layers -->", 1)[0]
    rooms: dict[str, int] = {}
    for row in table.splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0][:1].isdigit():
            for room in re.findall(r"`([\w.]+)`", cells[1]):
                rooms[room] = int(cells[0].split()[0])
    return rooms


LAYERS = layer_map()


def layer_of(module: str) -> int | None:
    """The layer of the room that holds `module` (the longest room name that is the module or a
    package above it; the top package `dlx` holds only itself)."""
    best = None
    for room, layer in LAYERS.items():
        inside = module == room or (room != "dlx" and module.startswith(room + "."))
        if inside and (best is None or len(room) > len(best[0])):
            best = (room, layer)
    return None if best is None else best[1]


def test_the_map_names_real_rooms_and_ten_layers() -> None:
    assert sorted(set(LAYERS.values())) == list(range(1, 11))
    for room in LAYERS:
        assert room in NAMES, f"the map names {room}, which is no module or package"


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_every_module_stands_in_a_layer_and_imports_none_above_it(path: Path) -> None:
    name = module_name(path)
    mine = layer_of(name)
    assert mine is not None, f"{name} stands in no layer of the map in dlx/DESIGN.md"
    above = {used: layer_of(used) for used in imports(path) if (layer_of(used) or 0) > mine}
    assert not above, f"{name} (layer {mine}) imports modules above it: {above}"


def test_no_loop_of_imports() -> None:
    graph = {name: imports(path) for name, path in NAMES.items()}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:
        pytest.fail(f"a loop of imports: {' -> '.join(error.args[1])}")


@pytest.mark.parametrize("path", sorted((ROOT / "fillit").rglob("*.py")), ids=module_name)
def test_fillit_uses_no_module_of_dlx_command_line(path: Path) -> None:
    assert not [used for used in imports(path) if used.startswith("dlx.cli")]


@pytest.mark.parametrize(
    "path",
    sorted([*(ROOT / "fillit").rglob("*.c"), *(ROOT / "fillit").rglob("*.h")]),
    ids=lambda path: path.name,
)
def test_fillit_c_includes_no_header_of_dlx(path: Path) -> None:
    included = re.findall(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', path.read_text(), re.MULTILINE)
    assert not [header for header in included if "dlx/" in header or "/cores/" in header]


def test_a_loop_or_an_arrow_up_would_be_seen(tmp_path: Path) -> None:
    """The rules see what they guard: the map ranks the command line above the engine, and a
    loop in a made-up graph is found."""
    assert (layer_of("dlx.cli.app") or 0) > (layer_of("dlx.solve") or 0) > 0
    assert layer_of("dlx.engines.links.twin") == LAYERS["dlx.engines"]
    with pytest.raises(CycleError):
        tuple(TopologicalSorter({"a": {"b"}, "b": {"a"}}).static_order())


C_DEFINED = re.compile(r"^(?!static\b)[A-Za-z_][\w \t\*]*?\b(\w+)\s*\([^;{]*\)\s*\{", re.MULTILINE)
"""A C function defined at the start of a line, not static (visible to the folder's other
files)."""


def c_calls(folder: Path) -> dict[str, set[str]]:
    """Each C file of `folder` and the folder's other files whose functions it calls."""
    sources = {path.name: path.read_text() for path in sorted(folder.glob("*.c"))}
    home = {name: file for file, text in sources.items() for name in C_DEFINED.findall(text)}
    return {
        file: {
            home[name]
            for name in re.findall(r"\b(\w+)\s*\(", re.sub(r"/\*.*?\*/", "", text, flags=re.S))
            if home.get(name, file) != file
        }
        for file, text in sources.items()
    }


C_FOLDERS = sorted({path.parent for path in ROOT.glob("*/**/csrc/*.c")})


@pytest.mark.parametrize("folder", C_FOLDERS, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_loop_of_calls_between_c_files(folder: Path) -> None:
    """The C of a room calls one way: a file that calls another's functions is not called
    back by it, nor by any file it reaches (search.c runs the loops, the loops take the steps)."""
    try:
        tuple(TopologicalSorter(c_calls(folder)).static_order())
    except CycleError as error:
        pytest.fail(f"a loop of calls between C files: {' -> '.join(error.args[1])}")


def test_the_c_call_graph_sees_a_loop(tmp_path: Path) -> None:
    (tmp_path / "a.c").write_text("int f(void) {\n    return g();\n}\n")
    (tmp_path / "b.c").write_text("int g(void) {\n    return f();\n}\n")
    assert c_calls(tmp_path) == {"a.c": {"b.c"}, "b.c": {"a.c"}}
    links = c_calls(ROOT / "dlx" / "engines" / "links" / "csrc")
    assert "search_x.c" in links["search.c"] and "steps.c" in links["search_x.c"]
