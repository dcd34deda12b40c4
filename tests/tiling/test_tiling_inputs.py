"""What a newcomer writes to `dlx tile` and what it answers (issue 47, items 8 and 9): a board of
three sizes is a cube board without `grid cube`; a drawn hex board's misplaced hexagon is named
by its own line and column, with an example; a piece that is not connected is told how cells
touch on its own grid."""

from __future__ import annotations

import pytest
from commands import invoke_dlx

from dlx.tiling.drawn import read_picture
from dlx.tiling.errors import TileError
from dlx.tiling.render import board_picture


def tile(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """`dlx tile ARGS` in-process: exit status, standard output, standard error."""
    done = invoke_dlx(["tile", *args], stdin=stdin, env={"NO_COLOR": "1"})
    return done.exit_code, done.stdout, done.stderr


def test_a_board_of_three_sizes_is_a_cube_board() -> None:
    options = ["--board", "2x2x3", "--pieces", "tricubes,tricubes", "--count"]
    assert tile(*options) == tile(*options, "--grid", "cube") == (0, "8\n", "")
    picture = "board 2x2x3\npieces tricubes tricubes\n"
    assert tile("-", "--count", stdin=picture) == (0, "8\n", "")
    assert read_picture(picture).grid.name == "cube"
    assert read_picture("board 6x10\npieces pentominoes\n").grid.name == "square"


def test_a_grid_said_outright_still_holds_and_names_the_cube_grid() -> None:
    code, _, error = tile("--board", "2x2x3", "--pieces", "tricubes", "--grid", "square")
    assert code == 1
    assert error == (
        "dlx: no board '2x2x3' on the square grid: RxC, 1 to 62 each"
        " (RxCxL: a box of cubes, grid cube)\n"
    )


def test_a_hexagon_off_the_columns_is_named_by_its_line_and_column() -> None:
    text = "grid hex\nboard\n# # #\n # #\n# # #\n  ## #\npieces trihexes\n"
    with pytest.raises(TileError) as refused:
        read_picture(text)
    assert str(refused.value) == (
        "line 6, column 3: a hexagon off its row's columns (hexagons sit on every other column,"
        " each row shifted by one: ` # #` over `# # #`)"
    )


@pytest.mark.parametrize(
    ("grid", "drawing", "told"),
    [
        ("square", "#.\n.#", "squares touch through their sides"),
        ("triangle", "#.#", "on triangles, one touches the one below where row + column is odd"),
        ("hex", "# . #", "a hexagon touches the next in its row, two columns off"),
        ("cube", "#.\n.#", "cubes touch through their faces"),
    ],
)
def test_a_piece_not_connected_is_told_how_cells_touch_on_its_grid(
    grid: str, drawing: str, told: str
) -> None:
    board = "1x1x1" if grid == "cube" else "1x1"
    with pytest.raises(TileError, match="is not connected") as refused:
        read_picture(f"grid {grid}\nboard {board}\npiece a\n{drawing}\n")
    assert f"(pictures draw connected pieces: {told}" in str(refused.value)
    others = {"square", "triangle", "hexagon", "cube"} - {"hexagon" if grid == "hex" else grid}
    assert not any(other in str(refused.value) for other in others)


@pytest.mark.parametrize(
    ("grid", "name"),
    [
        ("square", "6x10"),
        ("square", "8x8-hole"),
        ("triangle", "6x6"),
        ("triangle", "hexagon-3"),
        ("hex", "4x7"),
        ("hex", "hexagon-3"),
        ("cube", "2x3x4"),
    ],
)
def test_a_named_board_drawn_as_a_picture_is_the_same_board(grid: str, name: str) -> None:
    """`board_picture` (the studio's Rows and Columns follow a named board's picture) reads
    back to the same cells."""
    named = read_picture(f"grid {grid}\nboard {name}\npiece a\n#\n")
    rows = board_picture(named)
    drawn = read_picture(f"grid {grid}\nboard\n" + "\n".join(rows) + "\npiece a\n#\n")
    assert drawn.board == named.board
    assert all(set(row) <= {"#", "."} for row in rows)


def test_cells_that_may_stay_empty_are_drawn_as_plus() -> None:
    puzzle = read_picture("board\n##+\n#.#\npiece a\n#\n")
    assert board_picture(puzzle) == ["##+", "#.#"]
