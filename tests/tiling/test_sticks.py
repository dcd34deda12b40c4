"""Polysticks (issue 58): the square lattice's edges as a grid (`grid sticks`), the pieces named as
Polyform Puzzler names them, the rule that no two pieces cross, pictures read and drawn, and
Polyform Puzzler's counts: the 16 tetrasticks less one of H, J, L, N, Y on every edge of a
5 x 5 square, 72 + 382 + 607 + 530 + 204 = 1,795 solutions up to the board's symmetry."""

from __future__ import annotations

import itertools

import pytest
from commands import invoke_dlx
from hypothesis import given, settings
from hypothesis import strategies as st
from places import ROOT

from dlx.tiling import Puzzle
from dlx.tiling.errors import TileError
from dlx.tiling.grids import STICKS, Cell, ends
from dlx.tiling.library import STICK_SETS, piece_set, polyforms
from dlx.tiling.model import placements
from dlx.tiling.sticks import crossable, crossings, picture_places, read_rows

TETRASTICKS = dict(STICK_SETS["tetrasticks"])
PUZZLER = {"H": 72, "J": 382, "L": 607, "N": 530, "Y": 204}
"""Polyform Puzzler's counts of the 5 x 5 square's edges less each piece (tetrasticks.py,
`Tetrasticks6x6`: "1795 solutions total")."""


def test_a_turn_of_the_lattice_maps_each_edge_to_the_edge_between_the_turned_points() -> None:
    def turned(point: tuple[int, int]) -> tuple[int, int]:
        return (point[1], -point[0])

    for edge in [(x, y, t) for x in range(-2, 3) for y in range(-2, 3) for t in (0, 1)]:
        image = STICKS.rotations[0](edge)
        assert set(ends(image)) == {turned(p) for p in ends(edge)}
        mirrored = STICKS.reflection(edge)
        assert set(ends(mirrored)) == {(p[1], p[0]) for p in ends(edge)}
        flipped = STICKS.mirror(edge)
        assert set(ends(flipped)) == {(p[0], -p[1]) for p in ends(edge)}


def test_the_polysticks_of_each_size_are_counted_as_the_literature_counts_them() -> None:
    """Free polysticks: 1, 2, 5, 16, 55 (OEIS A019988); one-sided: 1, 2, 7, 25, 99."""
    assert [len(polyforms(STICKS, n)) for n in range(1, 6)] == [1, 2, 5, 16, 55]
    one_sided = [
        sum(
            len(STICKS.orientations(shape)) // len(STICKS.orientations(shape, flip=False))
            for shape in polyforms(STICKS, n)
        )
        for n in range(1, 6)
    ]
    assert one_sided == [1, 2, 7, 25, 99]


@pytest.mark.parametrize("size", ["monosticks", "disticks", "tristicks", "tetrasticks"])
def test_a_named_set_is_every_free_polystick_of_its_size_once(size: str) -> None:
    n = {"monosticks": 1, "disticks": 2, "tristicks": 3, "tetrasticks": 4}[size]
    least = [min(STICKS.orientations(shape)) for _, shape in piece_set(size, STICKS)]
    assert sorted(least) == sorted(polyforms(STICKS, n))


def test_the_tetrasticks_turn_as_polyform_puzzler_turns_them() -> None:
    """Its aspects: I 2; O and X 1; T, U, V, W, Z 4; the nine others 8."""
    aspects = {
        name: len(STICKS.orientations(shape)) for name, shape in piece_set("tetrasticks", STICKS)
    }
    assert aspects == {
        **dict.fromkeys("IOX", 0), "I": 2, "O": 1, "X": 1,
        **dict.fromkeys("TUVWZ", 4), **dict.fromkeys("FHJLNPRY", 8),
    }  # fmt: skip


def test_a_piece_crosses_a_point_where_two_of_its_edges_are_in_line() -> None:
    assert crossings([(0, 0, 0), (0, 1, 0)]) == [(0, 1)]  # straight across
    assert crossings([(0, 0, 1), (1, 0, 1)]) == [(1, 0)]  # straight down
    assert crossings([(0, 0, 0), (0, 1, 1)]) == []  # a turn
    plus = [(1, 0, 0), (1, 1, 0), (0, 1, 1), (1, 1, 1)]
    assert crossings(plus) == [(1, 1)]  # both ways, one point
    board = [
        cell for cell, _ in Puzzle(board="2x2", grid="sticks", pieces="monosticks").model.board
    ]
    assert crossable(board) == {(1, 1)}  # only the middle has all four edges


PLUS = "..+/..|/+-+-+/..|/..+"
"""The four edges that meet at the middle of a 2 x 2 square's edges."""


def count(pieces: dict[str, str], copies: dict[str, int] | None = None) -> int:
    return Puzzle(board=PLUS, grid="sticks", pieces=pieces, copies=copies).count()


def test_two_pieces_may_meet_and_turn_at_a_point_but_never_cross() -> None:
    assert count({"I": "+-+-+"}, {"I": 2}) == 0  # across and down would cross
    assert count({"V": "..+/..|/+-+"}, {"V": 2}) == 2  # two corners meeting: either pair
    assert count({"X": TETRASTICKS["X"]}) == 1  # one piece may pass both ways
    assert count({"T": "+-+-+/..|/..+", "I": "+-+"}) == 4  # a T and the stick it meets


def brute_force(board: str, pieces: dict[str, str]) -> int:
    """The tilings of the board's edges by the pieces in which no two pieces cross, by trying
    every placement of every piece (each once), the crossing rule checked on the tiling."""
    puzzle = Puzzle(board=board, grid="sticks", pieces=pieces).model
    edges = {cell for cell, _ in puzzle.board}
    by_piece: list[list[frozenset[Cell]]] = [[] for _ in puzzle.pieces]
    for pl in placements(puzzle):
        by_piece[pl.piece].append(frozenset(cell for cell, _ in pl.spots))
    found = 0
    for chosen in itertools.product(*by_piece):
        if sum(map(len, chosen)) != len(edges) or set().union(*chosen) != edges:
            continue
        passed = [set(crossings(piece)) for piece in chosen]
        if all(not a & b for a, b in itertools.combinations(passed, 2)):
            found += 1
    return found


SMALL = list(STICK_SETS["disticks"] + STICK_SETS["tristicks"])


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["1x2", "2x2", "1x3", "+-+-+/|.|.|/+-+-+/|.|/+-+"]),
    st.lists(st.sampled_from(SMALL), min_size=2, max_size=5, unique_by=lambda p: p[0]),
)
def test_the_search_counts_what_trying_every_placement_counts(
    board: str, chosen: list[tuple[str, str]]
) -> None:
    pieces = dict(chosen)
    try:
        found = Puzzle(board=board, grid="sticks", pieces=pieces).count()
    except TileError:  # the pieces' edges are not the board's number
        return
    assert found == brute_force(board, pieces)


@pytest.mark.parametrize("left_out", sorted(PUZZLER))
def test_polyform_puzzlers_five_by_five_counts(left_out: str) -> None:
    pieces = {name: drawing for name, drawing in TETRASTICKS.items() if name != left_out}
    puzzle = Puzzle(board="5x5", grid="sticks", pieces=pieces)
    assert puzzle.count(unique=True) == PUZZLER[left_out]
    if left_out == "H":  # every engine agrees, each solution's eight images told apart
        assert puzzle.count(unique=True) * 8 == puzzle.count()


def test_a_solution_reads_back_as_its_board() -> None:
    """The text of a solution is a picture: each edge's mark its piece's label, `+` points."""
    puzzle = Puzzle(
        board="5x5", grid="sticks", pieces={k: v for k, v in TETRASTICKS.items() if k != "Y"}
    )
    solution = puzzle.first()
    assert solution is not None
    rows = solution.text().splitlines()
    drawn = read_rows(list(enumerate(rows, start=1)))
    assert {cell for cell, _ in drawn} == {cell for cell, _ in puzzle.model.board}
    marks = {cell: mark for cell, mark in drawn}
    for pl in solution.placed:
        labels = {marks[cell] for cell, _ in pl.spots}
        assert len(labels) == 1
    assert picture_places({(0, 0, 0): "A"}) == {(0, 1): "A", (0, 0): "+", (0, 2): "+"}


def test_the_picture_of_a_solution_draws_each_piece_as_thick_segments() -> None:
    puzzle = Puzzle(
        board="5x5", grid="sticks", pieces={k: v for k, v in TETRASTICKS.items() if k != "Y"}
    )
    picture = puzzle.first().svg()  # type: ignore[union-attr]
    assert picture.count('stroke-width="7.0"') == 15  # a group per piece
    assert picture.count("<line") == 2 * 60  # each edge outlined, then in its colour
    assert picture.count('r="2"') == 36  # the lattice's points
    board = puzzle.svg()
    assert board.count("<svg") == 1 + 1 + 15  # around: the empty board, then each piece


def test_dlx_tile_poses_polysticks_by_name() -> None:
    result = invoke_dlx(["tile", "--grid", "sticks", "--board", "1x1", "--pieces", "monosticks"])
    assert result.exit_code == 1 and "cover 1 cells but the board has 4" in result.stderr
    both = ["tile", "--grid", "sticks", "--board", "2x2", "--pieces", "tristicks,tetrasticks"]
    assert invoke_dlx([*both, "--count"]).stderr.startswith("dlx: the pieces cover 79")
    problem = invoke_dlx(["tile", str(ROOT / "corpus" / "tile" / "sticks_one_sided.txt"), "--dlx"])
    assert problem.stdout.splitlines() == [
        "00h 00v 01h 02v 10h 11h 2|L",  # edges named by their point and h (across) or v (down)
        "L 02v 10h 11h",
        "L 00h 00v 01h",
        "L 00h 01h 02v",
        "L 00v 10h 11h",
    ]
    crossing = invoke_dlx(["tile", str(ROOT / "corpus" / "tile" / "sticks_no_h.txt"), "--dlx"])
    items = crossing.stdout.splitlines()[0].split(" | ")[1].split()
    assert items == [f"{x}{y}+" for x in range(1, 5) for y in range(1, 5)]  # the inner points


def test_a_bad_drawing_names_its_line_and_column() -> None:
    for drawing, said in [
        ("+--+", "line 4, column 3: a segment drawn across a point"),
        ("+-+/|#|", "line 5, column 2: a mark inside a square"),
        ("+|+", "line 4, column 2: '|' in an across segment's place"),
        ("+/-", "line 5, column 1: '-' in a down segment's place"),
        ("+-+.+-+", "piece 'A' is not connected"),
        ("+-o", "line 4, column 3: 'o' where a point goes"),
    ]:
        with pytest.raises(TileError, match=said.split(": ", 1)[1] if "line" in said else said):
            Puzzle.read("grid sticks\nboard 2x2\npiece A\n" + drawing.replace("/", "\n") + "\n")
        result = invoke_dlx(
            ["tile", "-"],
            stdin="grid sticks\nboard 2x2\npiece A\n" + drawing.replace("/", "\n") + "\n",
        )
        assert result.exit_code == 1 and said in result.stderr


def test_a_named_board_keeps_its_far_edges_within_knuths_digits() -> None:
    """A stick's far row is one past the squares': 61 squares a side at most, refused past."""
    with pytest.raises(TileError, match="RxC, 1 to 61 each"):
        Puzzle(board="62x1", grid="sticks", pieces="monosticks")
    assert Puzzle(board="61x1", grid="sticks", pieces="monosticks", copies={"I1": 184}).count() == 1
