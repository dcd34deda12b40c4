"""dlx's hook ABI, declared twice: by dlx (dlx/engines/links/csrc/hook.h, which the compiled core
reads) and on fillit's side (fillit/solver/board/csrc/hook_abi.h, which fillit's compiled check
carries). The two headers must agree on the capsule's name, the version and the struct's fields, in
order, or dlx would read fillit's entry wrongly (or not at all: then every node goes through
Python); and fillit's C reaches no header of dlx by a path. That the compiled core does call
fillit's entry is tested in tests/fillit/solver/test_compiled_pruner.py (`CEntryOnly`)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from places import ROOT

DLX_HEADER = ROOT / "dlx" / "engines" / "links" / "csrc" / "hook.h"
FILLIT_HEADER = ROOT / "fillit" / "solver" / "board" / "csrc" / "hook_abi.h"
FILLIT_C = sorted((ROOT / "fillit").rglob("*.[ch]"))


def code(header: Path) -> str:
    """The header's text without its comments."""
    text = re.sub(r"/\*.*?\*/", " ", header.read_text(), flags=re.DOTALL)
    return re.sub(r"//[^\n]*", " ", text)


def abi(header: Path) -> tuple[str, int, list[str]]:
    """What a header declares of the ABI: the capsule's name, the version, and the struct's
    fields as written (spaces made single), in order."""
    text = code(header)
    capsules = re.findall(r'#define\s+\w+_CAPSULE\s+"([^"]*)"', text)
    versions = re.findall(r"#define\s+\w+_VERSION\s+(\d+)", text)
    structs = re.findall(r"typedef\s+struct\s*\{(.*?)\}\s*\w+\s*;", text, flags=re.DOTALL)
    assert (len(capsules), len(versions), len(structs)) == (1, 1, 1), header
    fields = [" ".join(field.split()) for field in structs[0].split(";") if field.strip()]
    return capsules[0], int(versions[0]), fields


def test_the_parser_reads_the_abi_dlx_documents() -> None:
    """The capsule "dlx.hook", version 1, and its three fields, as hook.h's comment states."""
    assert abi(DLX_HEADER) == (
        "dlx.hook",
        1,
        ["int version", "int (*call)(void *self, const int *chosen, int count)", "void *self"],
    )


def test_fillit_declares_the_abi_as_dlx_does() -> None:
    """The same capsule name, version and fields (names and types, in order) in both headers."""
    assert abi(FILLIT_HEADER) == abi(DLX_HEADER)


def test_a_header_that_drifts_is_caught(tmp_path: Path) -> None:
    """A field added, or a version moved on, no longer matches (the comparison can fail)."""
    text = FILLIT_HEADER.read_text()
    drifted = tmp_path / "drifted.h"
    drifted.write_text(text.replace("void *self;\n}", "void *self;\n    int flags;\n}"))
    assert abi(drifted) != abi(DLX_HEADER)
    drifted.write_text(text.replace("_VERSION 1", "_VERSION 2"))
    assert abi(drifted) != abi(DLX_HEADER)


@pytest.mark.parametrize("source", FILLIT_C, ids=lambda path: path.name)
def test_fillit_includes_no_header_by_a_path_into_dlx(source: Path) -> None:
    """Every quoted include names a file of fillit's own (a binding reaches its algorithm's
    headers in `../csrc`), never one in dlx."""
    for included in re.findall(r'#\s*include\s+"([^"]+)"', source.read_text()):
        header = (source.parent / included).resolve()
        assert header.is_file() and header.is_relative_to(ROOT / "fillit"), included


def test_fillit_builds_from_its_own_sources() -> None:
    """pyproject.toml's fillit extension names no source and no dependency in dlx, and depends
    on every header of its own."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    modules = config["tool"]["setuptools"]["ext-modules"]
    (board,) = [module for module in modules if module["name"] == "fillit.solver.board._board"]
    files = [*board["sources"], *board["depends"]]
    assert all(name.startswith("fillit/") for name in files), files
    headers = {str(path.relative_to(ROOT)) for path in FILLIT_C if path.suffix == ".h"}
    assert set(board["depends"]) == headers
