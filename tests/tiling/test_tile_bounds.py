"""The inputs of issue 46 against `dlx tile`'s reader, each run as a process under the 2 GB cap of
`test_process_limits.probe`: the limits hold for the file as a whole, not line by line (the cells
of all drawings together, a drawing repeated, brackets counted before they expand), each refused
at once with its rule named; and fitting the pieces costs a few operations per spot whatever the
board's box (a sparse cube took minutes a line)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from probes import probe, write

from dlx.tiling.drawn import read_picture
from dlx.tiling.errors import TileError
from dlx.tiling.model import DIGITS, MAX_CELLS, MAX_DRAWN, Placement, Puzzle, bases, placements
from dlx.tiling.spec import read_spec

MIB = 1024 * 1024


def refused(tmp_path: Path, lines: list[str], *args: str) -> str:
    """The one line `dlx tile --count FILE ARGS` writes refusing the file (exit 1, no answer)."""
    done = probe("dlx", "tile", write(tmp_path / "puzzle.txt", lines), "--count", *args)
    assert (done.returncode, done.stdout) == (1, ""), done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    return done.stderr


def up_to(size: int, head: list[str], line: str) -> list[str]:
    """`head`, then `line` as many times as keep the file under `size` bytes."""
    return head + [line] * ((size - sum(len(h) + 1 for h in head)) // (len(line) + 1))


@pytest.mark.parametrize("size", [52_000, MIB], ids=["52 KB", "1 MiB"])
def test_a_piece_drawn_again_and_again_is_refused_at_its_second_drawing(
    tmp_path: Path, size: int
) -> None:
    """The issue's file took 21 s and a MemoryError under the cap (35 GB at 1 MiB)."""
    lines = up_to(size, ["[0-Z][0-Z]", "B 00"], "A [0-Z][0-Z]")
    assert refused(tmp_path, lines) == (
        "dlx: line 4: piece 'A' is drawn as on line 3 (each of its placements would come twice:"
        " a multiplicity gives copies)\n"
    )


@pytest.mark.parametrize("size", [52_000, MIB], ids=["52 KB", "1 MiB"])
def test_the_cells_of_all_drawings_together_are_limited(tmp_path: Path, size: int) -> None:
    """Each line a different drawing of 3,782 to 3,844 cells: the whole file counted, not each
    line; refused at the sixth, past 20,000 cells."""
    drawings = [f"A [0-Z][0-{DIGITS[k]}]" for k in range(61, 0, -1)]
    lines = ["[0-Z][0-Z]", "B 00", *itertools.islice(itertools.cycle(drawings), size // 14)]
    assert refused(tmp_path, lines) == (
        f"dlx: line 8: the pieces' lines name more than {MAX_DRAWN} cells in all (the limit)\n"
    )


@pytest.mark.parametrize("tokens", [1000, MIB // 11 - 10], ids=["1,000 tokens", "1 MiB"])
def test_brackets_are_counted_before_they_expand(tmp_path: Path, tokens: int) -> None:
    """One line of `[0-Z][0-Z]` again and again: 2 s at 1,000 (each expanded before the
    duplicates went), about 190 s at 1 MiB; now the third is refused unexpanded."""
    lines = ["[0-Z][0-Z]", "A " + " ".join(["[0-Z][0-Z]"] * tokens)]
    assert refused(tmp_path, lines) == f"dlx: line 2: more than {MAX_CELLS} cells (the limit)\n"


def test_the_box_is_counted_as_written_too(tmp_path: Path) -> None:
    lines = [" ".join(["[0-Z][0-Z]"] * 3), "A 00"]
    assert refused(tmp_path, lines) == f"dlx: line 1: more than {MAX_CELLS} cells (the limit)\n"


def test_a_piece_drawn_on_many_cube_layers_is_refused_at_its_line(tmp_path: Path) -> None:
    layer = ["#" * 62] * 62
    lines = [
        "grid cube",
        "board 2x2x2",
        "piece 0:1|A",
        *[row for _ in range(6) for row in [*layer, ""]],
    ]
    assert refused(tmp_path, lines) == (
        f"dlx: line 3: the pieces' drawings hold more than {MAX_DRAWN} cells in all (the limit)\n"
    )


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["grid cube", "board 62x62x62", "pieces soma"], "the board has 238328 cells"),
        (
            ["grid cube", "board", *([*["#" * 62] * 62, ""] * 3), "pieces soma"],
            "line 2: the board has 11532 cells",
        ),
    ],
    ids=["named", "drawn"],
)
def test_a_board_too_large_is_refused_before_it_is_made(
    tmp_path: Path, lines: list[str], message: str
) -> None:
    assert refused(tmp_path, lines).startswith(f"dlx: {message}, more than {MAX_CELLS}")


def test_many_piece_lines_are_read_in_linear_time(tmp_path: Path) -> None:
    """9,999 lines each drawing piece A apart (two cells each, just under the limit): the two
    dominoes among them fit the board, one solution each."""
    others = itertools.product(range(62), repeat=2)
    drawings = [f"A 00 {DIGITS[x]}{DIGITS[y]}" for x, y in itertools.islice(others, 1, 10_000)]
    done = probe("dlx", "tile", write(tmp_path / "many.txt", ["00 01", *drawings]), "--count")
    assert (done.returncode, done.stdout) == (0, "2\n")


def test_a_sparse_cube_board_is_fitted_in_a_few_operations_a_spot(tmp_path: Path) -> None:
    """Two cells at opposite corners of the 62x62x62 box, and 2,000 drawings of two cells: each
    once tried at every shift of the box (238,328), 5 drawings took 68 s, 20 took 249 s."""
    others = itertools.islice(itertools.product(range(1, 62), repeat=3), 2000)
    drawings = [f"A 000 {''.join(DIGITS[v] for v in cell)}" for cell in others]
    file = write(tmp_path / "sparse.txt", ["000 ZZZ", *drawings, "A 000 ZZZ"])
    done = probe("dlx", "tile", file, "--count", "--grid", "cube", seconds=120)
    assert (done.returncode, done.stdout) == (0, "1\n")


def test_the_frame_fits_shapes_as_every_shift_tried_one_by_one() -> None:
    """The placements of a board with holes, suffixes and both kinds of triangle, against each
    shift of the board's box tried in turn."""
    for text, grid in [
        ("[0-5][0-4] 22x 0[0-3]' 33' 40'y\nA 00 01 10\nB 00 00x 01'\nC 00 11\n", "triangle"),
        ("[0-3][0-6] 5[0-2]\nA 00 01 11\nB 00 20\nC 02 11 20\n", "square"),
        ("[0-2][0-3][0-1] 333\nA 000 001 011\nB 000 111\n", "cube"),
    ]:
        puzzle = read_spec(text, grid)
        assert placements(puzzle) == one_by_one(puzzle)


def one_by_one(puzzle: Puzzle) -> list[Placement]:
    """The placements made as they were before the frame: each shift of each base placement
    within the board's box, kept where every spot lies on the board."""
    grid, board = puzzle.grid, set(puzzle.board)
    d = grid.dims
    low = [min(cell[k] for cell, _ in board) for k in range(d)]
    high = [max(cell[k] for cell, _ in board) for k in range(d)]
    found: list[Placement] = []
    for number, piece in enumerate(puzzle.pieces):
        for b, shape in enumerate(bases(puzzle, piece)):
            top = [max(cell[k] for cell, _ in shape) for k in range(d)]
            ranges = [range(lo, hi - t + 1) for lo, hi, t in zip(low, high, top, strict=True)]
            for shift in itertools.product(*ranges):
                moved = tuple(grid.shifted(shape, shift))
                if all(spot in board for spot in moved):
                    found.append(Placement(number, b, moved))
    return found


def test_the_limits_are_the_readers_in_process_too() -> None:
    with pytest.raises(TileError, match=r"^line 3: piece 'A' is drawn as on line 2 \("):
        read_spec("0[0-1]\nA 00\nA 00\n", "square")
    with pytest.raises(TileError, match=r"the pieces' drawings hold more than"):
        read_picture("grid cube\nboard 2x2x2\npiece 0:1|A\n" + (("#" * 62 + "\n") * 62 + "\n") * 6)
