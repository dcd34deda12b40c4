"""`dlx tile` on the golden corpus (corpus/tile): NAME.txt with its arguments in NAME.args gives
NAME.out on standard output, or exits 1 with NAME.err; a Knuth spec's NAME.dlx is what his
generator (polyomino-dlx, polyiamond-dlx, polycube-dlx) writes for it, comments left out."""

from __future__ import annotations

from pathlib import Path

import pytest
from commands import invoke_dlx
from places import ROOT

CORPUS = ROOT / "corpus" / "tile"
CASES = sorted(p.stem for p in CORPUS.glob("*.txt") if not p.stem.startswith("err_"))
ERRORS = sorted(p.stem for p in CORPUS.glob("err_*.txt"))
KNUTH = sorted(p.stem for p in CORPUS.glob("*.dlx"))
SLOW = {"spec_pentominoes_6x10"}


def _args(stem: str) -> list[str]:
    """The arguments of a golden case."""
    extra = CORPUS / f"{stem}.args"
    return extra.read_text().split() if extra.exists() else []


def test_every_case_has_its_golden_file() -> None:
    assert len(CASES) >= 10 and len(ERRORS) >= 8
    assert all((CORPUS / f"{stem}.out").exists() for stem in CASES)
    assert all((CORPUS / f"{stem}.err").exists() for stem in ERRORS)


@pytest.mark.parametrize(
    "stem", [pytest.param(s, marks=pytest.mark.slow) if s in SLOW else s for s in CASES]
)
def test_tile_prints_the_golden_output(stem: str) -> None:
    result = invoke_dlx(["tile", str(CORPUS / f"{stem}.txt"), *_args(stem)])
    assert result.stdout == (CORPUS / f"{stem}.out").read_text()
    assert result.exit_code == (0 if result.stdout.strip() != "0" else 1)


@pytest.mark.parametrize("stem", ERRORS)
def test_tile_names_the_broken_rule(stem: str) -> None:
    result = invoke_dlx(["tile", str(CORPUS / f"{stem}.txt"), *_args(stem)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (CORPUS / f"{stem}.err").read_text()


@pytest.mark.parametrize("stem", KNUTH)
def test_a_spec_makes_knuths_items_and_options(stem: str) -> None:
    result = invoke_dlx(["tile", "--dlx", str(CORPUS / f"{stem}.txt")])
    assert result.exit_code == 0
    assert result.stdout == (CORPUS / f"{stem}.dlx").read_text()


def test_named_board_and_pieces_stand_for_a_file() -> None:
    result = invoke_dlx(
        ["tile", "--board", "3x20", "--pieces", "pentominoes", "--unique", "--count"]
    )
    assert (result.exit_code, result.stdout) == (0, "2\n")
    assert invoke_dlx(["tile", "--board", "3x20"]).exit_code == 2


def test_standard_input_json_and_stats() -> None:
    text = (CORPUS / "spec_soma.txt").read_text()
    result = invoke_dlx(["tile", "-", "--count", "--json", "--stats"], stdin=text)
    assert result.exit_code == 0
    assert '"count": 11520' in result.stdout and '"engine": "bitset"' in result.stdout
    assert '"nodes": 231191' in result.stdout  # the bitset search's own (DLX1's: 256917)
    assert "updates" in result.stderr


def test_json_holds_the_pictures() -> None:
    result = invoke_dlx(
        ["tile", "-", "--json", "--limit", "1"], stdin="board\n###\n#++\n#++\npieces trominoes"
    )
    assert '"solutions": [["III", "LL.", "L.."]]' in result.stdout


def test_options_restrict_and_widen_the_orientations() -> None:
    base = ["tile", "--board", "3x20", "--pieces", "pentominoes", "--count"]
    assert invoke_dlx([*base, "--no-flip"]).stdout == "0\n"
    chiral = ["tile", "--grid", "cube", "--board", "2x4x4", "--pieces", "tetracubes", "--count"]
    assert invoke_dlx([*chiral, "--no-rotate"]).exit_code == 1
    assert (
        invoke_dlx(
            ["tile", "--grid", "cube", "--board", "1x1x3", "--pieces", "tricubes", "--count"]
        ).exit_code
        == 1
    )


def test_a_budget_leaves_the_answer_unknown() -> None:
    result = invoke_dlx(["tile", "--board", "6x10", "--pieces", "pentominoes", "--max-nodes", "10"])
    assert result.exit_code == 3 and result.stdout == ""


def test_jobs_count_in_parallel() -> None:
    args = ["tile", "--board", "3x20", "--pieces", "pentominoes", "--count", "--jobs", "2"]
    assert invoke_dlx(args).stdout == "8\n"


@pytest.mark.parametrize(
    ("args", "cells"),
    [
        (["--grid", "triangle", "--board", "6x6", "--pieces", "hexiamonds"], 72),
        (["--grid", "cube", "--board", "3x3x3", "--pieces", "soma"], 27),
        (["--grid", "hex", "--board", "4x7", "--pieces", "tetrahexes"], 28),
    ],
)
def test_svg_draws_each_cell_and_a_border_round_each_piece(
    args: list[str], cells: int, tmp_path: Path
) -> None:
    from xml.etree import ElementTree

    picture = tmp_path / "first.svg"
    result = invoke_dlx(["tile", *args, "--limit", "1", "--svg", str(picture)])
    assert result.exit_code == 0
    svg = "{http://www.w3.org/2000/svg}svg"
    root = list(ElementTree.fromstring(picture.read_text()).iter(svg))[-1]  # (cubes: the layers)
    polygons = root.findall(".//{http://www.w3.org/2000/svg}polygon")
    lines = root.findall(".//{http://www.w3.org/2000/svg}line")
    assert len(polygons) == cells
    assert 0 < len(lines) < cells * 6
    assert len({p.get("fill") for p in polygons}) >= 7


def test_svg_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    result = invoke_dlx(
        [
            "tile",
            "--board",
            "3x20",
            "--pieces",
            "pentominoes",
            "--svg",
            str(tmp_path / "no" / "x.svg"),
        ]
    )
    assert result.exit_code == 1 and "no such folder" in result.stderr


def test_jobs_with_multiplicities_search_alone_with_the_same_count() -> None:
    spec = str(CORPUS / "spec_tetrominoes_bounds.txt")
    assert invoke_dlx(["tile", spec, "--count", "--jobs", "2"]).stdout == "166\n"
