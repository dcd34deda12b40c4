"""Polyominoes and pentominoes: every answer checked by this file's own checker (their pictures:
`tests/pictures/test_pictures.py`).

The checker and the brute-force oracle below share no code with `dlx.puzzles`: they read pieces
with their own parser and turn them with their own matrices.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from places import ROOT, SHARED

from dlx import Problem, Stats, Status, count, solve
from dlx.errors import PuzzleError
from dlx.knuth import format_dlx
from dlx.puzzles import pentomino, polyomino, shapes

POLYOMINO = ROOT / "corpus" / "polyomino"
PENTOMINO = ROOT / "corpus" / "pentomino"
REFERENCE = SHARED / "dlx-reference"
"""Knuth-format problems with DLX1's figures, in the folder `shared` beside the repository."""
NO_SOLUTION = "no solution found!\n"
LABELS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

Cell = tuple[int, int]
Form = frozenset[Cell]

# --- the independent checker -------------------------------------------------------------------

TURNS = [(1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0)]
"""The quarter turns as matrices (a, b, c, d): (r, c) -> (a r + b c, c r + d c)."""
MIRRORS = [(1, 0, 0, 1), (1, 0, 0, -1)]
"""The identity and the reflection left to right."""


def shifted(cells: Iterable[Cell]) -> Form:
    """`cells` moved so their least row and least column are 0."""
    listed = list(cells)
    top, left = min(r for r, _ in listed), min(c for _, c in listed)
    return frozenset((r - top, c - left) for r, c in listed)


def forms(cells: Iterable[Cell], rotate: bool = True, flip: bool = True) -> set[Form]:
    """The orientations of a piece allowed: turned if `rotate`, mirrored left to right if `flip`."""
    listed = list(cells)
    found: set[Form] = set()
    for a, b, c, d in TURNS if rotate else TURNS[:1]:
        for e, f, g, h in MIRRORS if flip else MIRRORS[:1]:
            mirrored = [(e * r + f * k, g * r + h * k) for r, k in listed]
            found.add(shifted((a * r + b * k, c * r + d * k) for r, k in mirrored))
    return found


def read_pieces(text: str) -> list[Form]:
    """The pieces of a valid polyomino file: the '1' cells of each block after its header."""
    blocks = [block for block in text.replace("\r\n", "\n").split("\n\n") if block.strip()]
    return [
        shifted(
            (r, c)
            for r, row in enumerate(block.strip().split("\n")[1:])
            for c, mark in enumerate(row)
            if mark == "1"
        )
        for block in blocks
    ]


def regions(board: Sequence[str]) -> dict[str, set[Cell]]:
    """The cells of each mark on the board."""
    found: dict[str, set[Cell]] = {}
    for r, row in enumerate(board):
        for c, mark in enumerate(row):
            found.setdefault(mark, set()).add((r, c))
    return found


def check_polyomino(
    board: Sequence[str],
    pieces: Sequence[Form],
    rotate: bool = True,
    flip: bool = True,
    holes: int = 0,
) -> None:
    """Every cell holds a piece's label (but `holes` of them, left empty), and each label's cells
    are an allowed form of its piece."""
    assert len({len(row) for row in board}) == 1
    found = regions(board)
    assert len(found.pop(polyomino.BLANK, ())) == holes
    assert sorted(found) == sorted(LABELS[: len(pieces)])
    for mark, piece in zip(LABELS[: len(pieces)], pieces, strict=True):
        assert shifted(found[mark]) in forms(piece, rotate, flip), mark


PENTOMINO_DRAWINGS = {
    "F": ["11.", ".11", ".1."],
    "I": ["1", "1", "1", "1", "1"],
    "L": ["1.", "1.", "1.", "11"],
    "N": [".1", "11", "1.", "1."],
    "P": ["11", "11", "1."],
    "T": ["111", ".1.", ".1."],
    "U": ["1.1", "111"],
    "V": ["1..", "1..", "111"],
    "W": ["1..", "11.", ".11"],
    "X": [".1.", "111", ".1."],
    "Y": [".1", "11", ".1", ".1"],
    "Z": ["11.", ".1.", ".11"],
}
"""The twelve pentominoes by Knuth's letters, drawn here in some orientation of this file's own."""


def pentomino_form(letter: str) -> Form:
    """The cells of this file's drawing of a pentomino."""
    drawing = PENTOMINO_DRAWINGS[letter]
    return frozenset((r, c) for r, row in enumerate(drawing) for c, m in enumerate(row) if m == "1")


def check_pentomino(board: Sequence[str], rows: int, cols: int) -> None:
    """The board is rows x cols, '.' exactly on the 8 x 8 centre, each letter once in some form."""
    assert len(board) == rows and all(len(row) == cols for row in board)
    found = regions(board)
    centre = {(3, 3), (3, 4), (4, 3), (4, 4)}
    assert found.pop(".", set()) == (centre if (rows, cols) == (8, 8) else set())
    assert sorted(found) == sorted(PENTOMINO_DRAWINGS)
    for letter, cells in found.items():
        assert shifted(cells) in forms(pentomino_form(letter)), letter


def canonical(board: Sequence[str]) -> tuple[str, ...]:
    """The least of the board's images under the symmetries of its rectangle."""
    images = []
    for image in (list(board), [row[::-1] for row in board]):
        images += [image, image[::-1]]
    if len(board) == len(board[0]):
        images += [["".join(column) for column in zip(*image, strict=True)] for image in images]
    return min(tuple(image) for image in images)


# --- the golden corpus -------------------------------------------------------------------------


def arguments(case: Path) -> list[str]:
    """The command-line options of a case, from NAME.args beside it (none if it is missing)."""
    extra = case.with_suffix(".args")
    return extra.read_text().split() if extra.exists() else []


def polyomino_output(case: Path) -> str:
    """What the module answers for a polyomino case: its first board rendered, or no solution."""
    options = arguments(case)
    board = None
    if "--board" in options:
        height, _, width = options[options.index("--board") + 1].partition("x")
        board = (int(height), int(width))
    pieces = polyomino.parse(case.read_text())
    rows, cols = polyomino.board_size(pieces, board)
    rotate, flip = "--no-rotate" not in options, "--no-flip" not in options
    first = next(polyomino.Filling(pieces, rows, cols, rotate, flip).boards(), None)
    return NO_SOLUTION if first is None else "".join(f"{row}\n" for row in first)


def pentomino_output(case: Path) -> str:
    """What the module answers for a pentomino case: its first board rendered."""
    rows, cols = pentomino.parse_board(case.read_text())
    unique = "--unique" in arguments(case)
    return "".join(f"{row}\n" for row in next(pentomino.boards(rows, cols, unique)))


POLYOMINO_VALID = sorted(POLYOMINO.glob("*.txt"))
POLYOMINO_INVALID = sorted((POLYOMINO / "invalid").glob("*.txt"))
PENTOMINO_VALID = sorted(PENTOMINO.glob("*.txt"))
PENTOMINO_INVALID = sorted((PENTOMINO / "invalid").glob("*.txt"))
SOLVED = [case for case in POLYOMINO_VALID if case.with_suffix(".out").read_text() != NO_SOLUTION]
UNSOLVED = [case for case in POLYOMINO_VALID if case not in SOLVED]


def stem(case: Path) -> str:
    return case.stem


@pytest.mark.parametrize(
    ("cases", "suffix"),
    [
        (POLYOMINO_VALID, ".out"),
        (POLYOMINO_INVALID, ".err"),
        (PENTOMINO_VALID, ".out"),
        (PENTOMINO_INVALID, ".err"),
    ],
    ids=["polyomino", "polyomino-invalid", "pentomino", "pentomino-invalid"],
)
def test_every_corpus_input_has_its_golden_file_and_no_golden_file_is_orphaned(
    cases: list[Path], suffix: str
) -> None:
    folder = cases[0].parent
    assert {case.stem for case in cases} == {path.stem for path in folder.glob(f"*{suffix}")}
    assert {path.stem for path in folder.glob("*.args")} <= {case.stem for case in cases}


def test_polyomino_corpus_has_the_cases_asked_for() -> None:
    names = {case.stem for case in POLYOMINO_VALID}
    assert {"two_dominoes_square", "pentominoes_board_6x10", "unsolvable"} <= names
    assert {"rotation_needed", "rotation_needed_no_rotate"} <= names
    assert len(POLYOMINO_INVALID) >= 15


@pytest.mark.parametrize("case", POLYOMINO_VALID, ids=stem)
def test_polyomino_golden_output_is_the_first_board_the_module_yields(case: Path) -> None:
    assert polyomino_output(case) == case.with_suffix(".out").read_text()


@pytest.mark.parametrize("case", SOLVED, ids=stem)
def test_polyomino_golden_board_passes_the_independent_check(case: Path) -> None:
    options = arguments(case)
    check_polyomino(
        case.with_suffix(".out").read_text().splitlines(),
        read_pieces(case.read_text()),
        rotate="--no-rotate" not in options,
        flip="--no-flip" not in options,
    )


@pytest.mark.parametrize("case", UNSOLVED, ids=stem)
def test_polyomino_no_solution_means_the_whole_search_tree_was_exhausted(case: Path) -> None:
    options = arguments(case)
    pieces = polyomino.parse(case.read_text())
    rows, cols = polyomino.board_size(pieces, None)
    stats = Stats()
    rotate, flip = "--no-rotate" not in options, "--no-flip" not in options
    found = polyomino.Filling(pieces, rows, cols, rotate, flip).boards(stats=stats)
    assert list(found) == []
    assert stats.status is Status.EXHAUSTED


@pytest.mark.parametrize("case", POLYOMINO_INVALID, ids=stem)
def test_polyomino_invalid_input_raises_the_golden_message(case: Path) -> None:
    with pytest.raises(PuzzleError) as raised:
        polyomino_output(case)
    assert f"{raised.value}\n" == case.with_suffix(".err").read_text()


@pytest.mark.parametrize("case", PENTOMINO_VALID, ids=stem)
def test_pentomino_golden_output_is_the_first_board_the_module_yields(case: Path) -> None:
    assert pentomino_output(case) == case.with_suffix(".out").read_text()


@pytest.mark.parametrize("case", PENTOMINO_VALID, ids=stem)
def test_pentomino_golden_board_passes_the_independent_check(case: Path) -> None:
    rows, _, cols = case.read_text().strip().partition("x")
    check_pentomino(case.with_suffix(".out").read_text().splitlines(), int(rows), int(cols))


@pytest.mark.parametrize("case", PENTOMINO_INVALID, ids=stem)
def test_pentomino_invalid_board_raises_the_golden_message(case: Path) -> None:
    with pytest.raises(PuzzleError) as raised:
        pentomino.parse_board(case.read_text())
    assert f"{raised.value}\n" == case.with_suffix(".err").read_text()


# --- polyomino ---------------------------------------------------------------------------------


def test_parse_shifts_each_piece_to_the_top_left_and_lists_cells_in_reading_order() -> None:
    pieces = polyomino.parse("3 3\n000\n011\n010\n\n1 2\n11\n")
    assert pieces == [((0, 0), (0, 1), (1, 0)), ((0, 0), (0, 1))]


def test_parse_accepts_crlf_and_several_blank_lines_between_pieces() -> None:
    assert polyomino.parse("1 1\r\n1\r\n\r\n\r\n1 2\r\n11") == [((0, 0),), ((0, 0), (0, 1))]


def test_parse_takes_35_pieces() -> None:
    assert len(polyomino.parse("\n\n".join(["1 1\n1"] * 35))) == 35


def test_labels_run_1_to_9_then_a_to_z_and_stop_after_35() -> None:
    assert "".join(polyomino.label(index) for index in range(35)) == LABELS
    with pytest.raises(PuzzleError, match="36"):
        polyomino.label(35)


ORIENTATION_COUNTS = dict(zip("FILNPTUVWXYZ", [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4], strict=True))


@pytest.mark.parametrize("letter", list(PENTOMINO_DRAWINGS))
def test_variants_are_every_orientation_once_the_original_first(letter: str) -> None:
    piece = shapes.normalise(pentomino_form(letter))
    found = shapes.variants(piece)
    assert found[0] == piece
    assert len(found) == ORIENTATION_COUNTS[letter]
    assert {frozenset(shape) for shape in found} == forms(piece)
    assert all(list(shape) == sorted(shape) and shifted(shape) == set(shape) for shape in found)


@pytest.mark.parametrize(
    ("rotate", "flip", "expected"), [(False, False, 1), (True, False, 4), (False, True, 2)]
)
def test_variants_keep_only_the_allowed_orientations(
    rotate: bool, flip: bool, expected: int
) -> None:
    piece = shapes.normalise(pentomino_form("F"))
    found = shapes.variants(piece, rotate=rotate, flip=flip)
    assert found[0] == piece
    assert len(found) == expected
    assert {frozenset(shape) for shape in found} == forms(piece, rotate, flip)


def test_board_size_is_the_square_of_the_total_area_or_the_board_given() -> None:
    dominoes = [((0, 0), (0, 1))] * 8
    assert polyomino.board_size(dominoes, None) == (4, 4)
    assert polyomino.board_size(dominoes, (2, 8)) == (2, 8)


def test_board_size_refuses_a_board_without_cells_even_of_the_right_area() -> None:
    with pytest.raises(PuzzleError, match="-2x-2"):
        polyomino.board_size([((0, 0), (0, 1))] * 2, (-2, -2))


def test_problem_has_pieces_then_cells_as_primary_items_and_keyed_placements() -> None:
    built = polyomino.Filling([((0, 0), (0, 1)), ((0, 0),)], 1, 3).problem()
    assert built.items == ["1", "2", "r0c0", "r0c1", "r0c2"]
    assert built.primary_count == 5
    assert built.keys == [(0, 0, 0, 0), (0, 0, 0, 1), (1, 0, 0, 0), (1, 0, 0, 1), (1, 0, 0, 2)]
    assert built.option_items((0, 0, 0, 1)) == ["1", "r0c1", "r0c2"]


def test_two_dominoes_fill_a_2x2_square_in_four_ways() -> None:
    dominoes = [frozenset({(0, 0), (0, 1)})] * 2
    found = list(polyomino.Filling([((0, 0), (0, 1))] * 2, 2, 2).boards())
    assert sorted(found) == [["11", "22"], ["12", "12"], ["21", "21"], ["22", "11"]]
    for board in found:
        check_polyomino(board, dominoes)


def test_a_piece_longer_than_the_board_gives_no_solution() -> None:
    stats = Stats()
    assert (
        list(polyomino.Filling([((0, 0), (0, 1), (0, 2), (0, 3))], 2, 2).boards(stats=stats)) == []
    )
    assert stats.status is Status.EXHAUSTED


def brute_force_count(
    pieces: Sequence[Form], rows: int, cols: int, rotate: bool, flip: bool, holes: int = 0
) -> int:
    """The number of fillings: the first empty cell in reading order is a hole (while holes
    are left) or the first cell of some unused piece in some allowed form."""
    shapes = [sorted(sorted(form) for form in forms(piece, rotate, flip)) for piece in pieces]

    def fill(filled: frozenset[Cell], unused: tuple[int, ...], holes: int) -> int:
        empty = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in filled]
        if not empty:
            return 1
        top, left = empty[0]
        total = fill(filled | {(top, left)}, unused, holes - 1) if holes else 0
        for index in unused:
            for shape in shapes[index]:
                cells = {(top + r - shape[0][0], left + c - shape[0][1]) for r, c in shape}
                if all(0 <= r < rows and 0 <= c < cols for r, c in cells) and not cells & filled:
                    total += fill(filled | cells, tuple(i for i in unused if i != index), holes)
        return total

    return fill(frozenset(), tuple(range(len(pieces))), holes)


SMALL_PIECES = [
    ["1"],
    ["11"],
    ["111"],
    ["10", "11"],
    ["111", "100"],
    ["110", "011"],
    ["111", "010"],
]


@st.composite
def small_puzzles(draw: st.DrawFn) -> tuple[list[Form], int, int]:
    """One to four small pieces and a board of their total area."""
    drawings = draw(st.lists(st.sampled_from(SMALL_PIECES), min_size=1, max_size=4))
    pieces = [read_pieces(f"{len(d)} {len(d[0])}\n" + "\n".join(d))[0] for d in drawings]
    area = sum(len(piece) for piece in pieces)
    rows = draw(st.sampled_from([r for r in range(1, area + 1) if area % r == 0]))
    return pieces, rows, area // rows


@settings(max_examples=60, deadline=None)
@given(small_puzzles(), st.booleans(), st.booleans())
def test_boards_are_exactly_the_fillings_a_brute_force_search_counts(
    puzzle: tuple[list[Form], int, int], rotate: bool, flip: bool
) -> None:
    pieces, rows, cols = puzzle
    normalised = [shapes.normalise(piece) for piece in pieces]
    found = list(polyomino.Filling(normalised, rows, cols, rotate, flip).boards())
    assert len(found) == brute_force_count(pieces, rows, cols, rotate, flip)
    assert len({tuple(board) for board in found}) == len(found)
    for board in found:
        check_polyomino(board, pieces, rotate, flip)


@settings(max_examples=60, deadline=None)
@given(small_puzzles(), st.booleans())
def test_holes_leave_that_many_cells_empty_in_every_way_a_brute_force_finds(
    puzzle: tuple[list[Form], int, int], wide: bool
) -> None:
    """`dlx polyomino --holes N` (issue 47, item 10): a board of N more cells than the pieces,
    each filling leaving N of them empty, wherever they fall. A column or a row more, at most 4
    holes (more let the fillings, and the brute force's, grow past memory)."""
    pieces, rows, cols = puzzle
    rows, cols = (rows, cols + 1) if wide else (rows + 1, cols)
    holes = rows * cols - sum(len(piece) for piece in pieces)
    assume(holes <= 4)
    normalised = [shapes.normalise(piece) for piece in pieces]
    found = list(polyomino.Filling(normalised, rows, cols, holes=holes).boards())
    assert len(found) == brute_force_count(pieces, rows, cols, True, True, holes)
    assert len({tuple(board) for board in found}) == len(found)
    for board in found:
        assert "".join(board).count(polyomino.BLANK) == holes
        check_polyomino(board, pieces, holes=holes)


# --- pentomino ---------------------------------------------------------------------------------


def test_pentominoes_are_knuths_twelve_letters_each_a_form_of_its_piece() -> None:
    assert list(pentomino.PENTOMINOES) == list("FILNPTUVWXYZ")
    for letter, shape in pentomino.PENTOMINOES.items():
        assert frozenset(shape) in forms(pentomino_form(letter)), letter


@pytest.mark.parametrize(
    ("text", "board"),
    [("6x10", (6, 10)), ("10x6\n", (10, 6)), (" 3X20 ", (3, 20)), ("8x8", (8, 8))],
)
def test_parse_board_reads_rows_and_columns(text: str, board: tuple[int, int]) -> None:
    assert pentomino.parse_board(text) == board


@pytest.mark.parametrize(
    ("rows", "cols", "unique", "name"),
    [(8, 8, False, "pent8x8_hole.dlx"), (6, 10, True, "pent6x10_sym.dlx")],
)
def test_problem_is_knuths_reference_file_line_for_line(
    rows: int, cols: int, unique: bool, name: str
) -> None:
    reference = REFERENCE / name
    if not reference.is_file():
        pytest.skip(f"the reference file is not at {reference}")
    lines = reference.read_text().splitlines()
    expected = "".join(f"{line}\n" for line in lines if not line.startswith("|"))
    built: Problem[Any] = pentomino.problem(
        rows, cols, unique
    )  # format_dlx wants Problem[Hashable]
    assert format_dlx(built) == expected


@pytest.mark.parametrize(("rows", "cols"), [(3, 20), (20, 3)])
def test_3x20_has_8_solutions_and_unique_keeps_one_of_each_of_its_2_classes(
    rows: int, cols: int
) -> None:
    every = list(pentomino.boards(rows, cols))
    kept = list(pentomino.boards(rows, cols, unique=True))
    for board in every:
        check_pentomino(board, rows, cols)
    assert len(every) == 8
    assert len(kept) == 2
    assert all(board in every for board in kept)
    assert {canonical(board) for board in kept} == {canonical(board) for board in every}


def test_8x8_unique_gives_65_solutions_no_two_related_by_a_symmetry() -> None:
    kept = list(pentomino.boards(8, 8, unique=True))
    for board in kept:
        check_pentomino(board, 8, 8)
    assert len(kept) == 65
    assert len({canonical(board) for board in kept}) == 65


def test_a_board_too_thin_for_the_x_has_no_solution() -> None:
    stats = Stats()
    assert list(pentomino.boards(2, 30, stats=stats)) == []
    assert stats.status is Status.EXHAUSTED


@pytest.mark.slow
def test_8x8_has_520_solutions_in_65_classes_with_dlx1s_updates_and_nodes() -> None:
    stats = Stats()
    assert sum(1 for _ in solve(pentomino.problem(8, 8), stats=stats)) == 520  # (Knuth's file)
    assert (stats.updates, stats.nodes) == (102_179_915, 293_045)
    every = list(pentomino.boards(8, 8))
    classes = {canonical(board) for board in every}
    assert len(classes) == 65
    assert {canonical(board) for board in pentomino.boards(8, 8, unique=True)} == classes


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rows", "cols", "unique", "expected"),
    [(6, 10, True, 2339), (6, 10, False, 9356), (5, 12, True, 1010), (4, 15, True, 368)],
)
def test_pentomino_counts_are_knuths(rows: int, cols: int, unique: bool, expected: int) -> None:
    stats = Stats()
    assert count(pentomino.problem(rows, cols, unique), stats=stats) == expected
    assert stats.status is Status.EXHAUSTED
