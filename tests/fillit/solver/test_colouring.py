"""Colouring arguments (`fillit.solver.board.colouring`): the classic refutations pinned by hand,
soundness against the brute-force oracle, and `ColourBound.fits` against an independent enumeration
of the colour counts the pieces can take."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from fillit_oracle import canonical_rows
from hypothesis import event, given, settings
from hypothesis import strategies as st
from tetrominoes import I_HORIZONTAL, I_VERTICAL, SHAPES, SQUARE, TETROMINOES, piece_lists

from fillit.check import check
from fillit.geometry import smallest_size
from fillit.pieces import Piece, letter
from fillit.solver.arrange import arrange_fast
from fillit.solver.board import colouring
from fillit.solver.board.colouring import (
    COLOURINGS,
    ColourBound,
    refuted_by_colouring,
    shape_counts,
)

Free = list[list[bool]]
NAMES = list(COLOURINGS)


def all_free(size: int) -> Free:
    """An empty board of side `size`: every cell free."""
    return [[True] * size for _ in range(size)]


def full_room(size: int, name: str, shapes: Sequence[Piece]) -> tuple[ColourBound, tuple[int, ...]]:
    """The colouring's bound for these shapes and the room of the whole empty board."""
    bound = ColourBound(size, name, shapes)
    return bound, bound.room(all_free(size))


def colour_counts_fit(pieces: Sequence[Piece], size: int, name: str, free: Free) -> bool:
    """Whether one position per piece exists whose colour counts stay, colour by colour, within
    the free cells of each colour: every reachable sum enumerated, sharing no code with
    `ColourBound`."""
    colours, colour = COLOURINGS[name]
    room = [0] * colours
    for r, row in enumerate(free):
        for c, is_free in enumerate(row):
            room[colour(r, c)] += is_free
    sums = {(0,) * colours}
    for piece in pieces:
        vectors = set()
        for top in range(size - piece.height + 1):
            for left in range(size - piece.width + 1):
                counts = [0] * colours
                for r, c in piece.cells:
                    counts[colour(top + r, left + c)] += 1
                vectors.add(tuple(counts))
        sums = {
            total
            for before in sums
            for vector in vectors
            for total in (tuple(a + b for a, b in zip(before, vector, strict=True)),)
            if all(t <= limit for t, limit in zip(total, room, strict=True))
        }
    return bool(sums)


def oracle_size(pieces: Sequence[Piece]) -> int:
    """The side of the smallest square holding the pieces, by brute force."""
    return len(canonical_rows([piece.cells for piece in pieces]))


def remaining_counts(shapes: Sequence[Piece], pieces: Sequence[Piece]) -> tuple[int, ...]:
    """How many of `pieces` have each of `shapes`, zeros included."""
    return tuple(sum(piece == shape for piece in pieces) for shape in shapes)


# Classic refutations


def test_rows_mod_4_leave_22_cells_of_the_fourth_colour_in_11x11() -> None:
    """A vertical I covers one cell of each row class, and rows 3 and 7 hold only 22 cells."""
    bound, room = full_room(11, "rows mod 4", [I_VERTICAL])
    assert room == (33, 33, 33, 22)
    assert bound.fits(room, (22,))
    assert not bound.fits(room, (23,))


@pytest.mark.parametrize(
    ("piece", "copies", "size", "refuter"),
    [
        (I_VERTICAL, 22, 11, None),
        (I_VERTICAL, 23, 11, "rows mod 4"),
        (I_VERTICAL, 26, 11, "rows mod 4"),
        (I_HORIZONTAL, 26, 11, "columns mod 4"),
        (I_VERTICAL, 9, 7, "rows mod 4"),
        (I_VERTICAL, 9, 6, "rows mod 4"),
        (I_VERTICAL, 4, 4, None),
        (SQUARE, 26, 11, "row and column parity"),
        (SQUARE, 25, 11, None),
    ],
    ids=lambda value: value.picture().replace("\n", "/") if isinstance(value, Piece) else None,
)
def test_refuted_by_colouring_names_the_first_colouring_that_refutes_identical_pieces(
    piece: Piece, copies: int, size: int, refuter: str | None
) -> None:
    assert refuted_by_colouring([piece] * copies, size) == refuter


def test_row_and_column_parity_leaves_25_odd_odd_cells_for_the_squares_in_11x11() -> None:
    """An O covers one cell of each (row parity, column parity) class; only 25 are (odd, odd)."""
    bound, room = full_room(11, "row and column parity", [SQUARE])
    assert room == (36, 30, 30, 25)
    assert bound.fits(room, (25,))
    assert not bound.fits(room, (26,))


def test_diagonal_colouring_refutes_an_s_and_a_j_in_3x3_where_rows_and_columns_do_not() -> None:
    """Colour 3x3 by (r + c) mod 4: 2, 2, 3, 2 cells. The J covers one cell of each colour, and
    the S two cells of each of two consecutive colours, which only colour 2 can still give."""
    pieces = [SHAPES["S flat"], SHAPES["J left"]]
    assert refuted_by_colouring(pieces, 3) == "diagonals mod 4"
    assert oracle_size(pieces) == 4


def test_room_counts_only_the_free_cells_of_each_colour() -> None:
    bound = ColourBound(4, "rows mod 4", [SQUARE])
    free = all_free(4)
    free[0] = [False, False, True, True]
    free[3][3] = False
    assert bound.room(free) == (2, 4, 4, 3)


# Verdicts against independent enumeration and the brute-force oracle


@settings(max_examples=120, deadline=None)
@given(pieces=piece_lists(max_size=6), growth=st.integers(0, 1))
def test_a_colouring_refutes_only_sizes_the_pieces_do_not_fit(
    pieces: list[Piece], growth: int
) -> None:
    """Each colouring on its own is sound, and refuted_by_colouring names the first that refutes."""
    size = smallest_size(pieces) + growth
    shapes, counts = shape_counts(pieces)
    refuters = []
    for name in NAMES:
        bound, room = full_room(size, name, shapes)
        if not bound.fits(room, counts):
            event(f"refuted by {name}")
            refuters.append(name)
    assert refuted_by_colouring(pieces, size) == (refuters[0] if refuters else None)
    if refuters:
        assert oracle_size(pieces) > size, f"{refuters} refute a size that fits"


@st.composite
def questions(draw: st.DrawFn) -> tuple[list[Piece], int, str, list[tuple[Free, list[Piece]]]]:
    """Pieces, a size, a colouring, and a few questions for one bound: which cells are free, and
    which pieces (a sub-multiset of the pieces) remain."""
    pieces = draw(piece_lists(max_size=7))
    size = smallest_size(pieces) + draw(st.integers(-1, 1))
    size = max(size, *(max(p.height, p.width) for p in pieces))
    name = draw(st.sampled_from(NAMES))
    asked = []
    for _ in range(draw(st.integers(1, 4))):
        cells = st.lists(st.booleans(), min_size=size, max_size=size)
        free = draw(st.lists(cells, min_size=size, max_size=size))
        kept = draw(st.lists(st.booleans(), min_size=len(pieces), max_size=len(pieces)))
        asked.append((free, [p for p, keep in zip(pieces, kept, strict=True) if keep]))
    return pieces, size, name, asked


@settings(max_examples=150, deadline=None)
@given(case=questions())
def test_fits_agrees_with_enumeration_and_keeps_its_verdicts_across_questions(
    case: tuple[list[Piece], int, str, list[tuple[Free, list[Piece]]]],
) -> None:
    """One bound asked several questions, each twice, answers each as the enumeration does (its
    cache never answers one question with another's verdict)."""
    pieces, size, name, asked = case
    shapes, _ = shape_counts(pieces)
    bound = ColourBound(size, name, shapes)
    for _ in range(2):
        for free, remaining in asked:
            room, counts = bound.room(free), remaining_counts(shapes, remaining)
            verdict = bound.fits(room, counts)
            assert verdict == colour_counts_fit(remaining, size, name, free)
            holes = sum(room) - 4 * len(remaining)
            if holes >= 0:  # the caller may tell the holes; the verdict is the same
                assert bound.fits(room, counts, holes) == verdict


def test_fits_answers_alike_when_its_cache_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """With room for two sets only, the cache is emptied again and again between and inside
    questions; every verdict still matches the enumeration."""
    monkeypatch.setattr(colouring, "CACHE_SETS", 2)
    pieces = [SHAPES["T up"], SHAPES["S flat"], I_VERTICAL, SQUARE, SHAPES["J left"], I_VERTICAL]
    shapes, _ = shape_counts(pieces)
    size = 5
    boards = [all_free(size), [[(r + c) % 3 != 0 for c in range(size)] for r in range(size)]]
    boards.append([[r != 2 for c in range(size)] for r in range(size)])
    for name in NAMES:
        bound = ColourBound(size, name, shapes)
        for free in boards:
            for kept in range(len(pieces) + 1):
                remaining = pieces[:kept]
                verdict = bound.fits(bound.room(free), remaining_counts(shapes, remaining))
                assert verdict == colour_counts_fit(remaining, size, name, free)


@settings(max_examples=60, deadline=None)
@given(pieces=piece_lists(max_size=10))
def test_fits_allows_every_stage_of_an_actual_arrangement(pieces: list[Piece]) -> None:
    """Pieces that fit leave room under every colouring, on the whole board and on the cells left
    free after placing the first k pieces of the answer (the search's own question)."""
    answer = arrange_fast(pieces)
    rows = answer.rows()
    check(rows, pieces)
    size = len(rows)
    shapes, _ = shape_counts(pieces)
    for name in NAMES:
        bound = ColourBound(size, name, shapes)
        for placed in range(len(pieces) + 1):
            later = {letter(index) for index in range(placed, len(pieces))} | {"."}
            free = [[mark in later for mark in row] for row in rows]
            remaining = remaining_counts(shapes, pieces[placed:])
            assert bound.fits(bound.room(free), remaining), (name, placed)


def test_repeated_questions_get_the_verdicts_of_a_fresh_bound() -> None:
    bound, room = full_room(11, "rows mod 4", [I_VERTICAL])
    counts = [24, 20, 23, 22, 26, 0, 22, 23]
    first = [bound.fits(room, (n,)) for n in counts]
    again = [bound.fits(room, (n,)) for n in reversed(counts)]
    fresh = [full_room(11, "rows mod 4", [I_VERTICAL])[0].fits(room, (n,)) for n in counts]
    assert first == fresh == again[::-1] == [n <= 22 for n in counts]


def test_the_colourings_refute_nothing_that_fits_among_single_shapes() -> None:
    """One piece of any shape always fits its smallest board, whatever the colouring."""
    for piece in TETROMINOES:
        assert refuted_by_colouring([piece], smallest_size([piece])) is None
