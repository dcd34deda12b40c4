"""The classes of shapes of a colouring (`fillit.solver.board.colouring.ColourBound`): shapes with
the same colour counts share their sums, which are those of the shapes told apart."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tetrominoes import SHAPES, TETROMINOES

from fillit.pieces import Piece
from fillit.solver.board.colouring import COLOURINGS, ColourBound


def test_shapes_of_one_row_profile_are_one_class_of_rows_mod_4() -> None:
    """The square and the flat S and Z cover two cells of two rows wherever they sit."""
    shapes = [SHAPES["O"], SHAPES["S flat"], SHAPES["Z flat"], SHAPES["I horizontal"]]
    bound = ColourBound(7, "rows mod 4", shapes)
    assert bound.sums((1, 2, 0, 1), 2) == bound.sums((0, 0, 3, 1), 2)
    assert bound.sums((1, 2, 0, 1), 2) != bound.sums((1, 2, 1, 0), 2)


@settings(max_examples=80, deadline=None)
@given(
    shapes=st.lists(st.sampled_from(TETROMINOES), min_size=2, max_size=8, unique=True),
    name=st.sampled_from(sorted(COLOURINGS)),
    size=st.integers(4, 8),
    data=st.data(),
)
def test_the_sums_of_classes_are_those_of_the_shapes_told_apart(
    shapes: list[Piece], name: str, size: int, data: st.DataObject
) -> None:
    """The same sets, asked in any order, with the classes merged or each shape its own class."""
    merged = ColourBound(size, name, shapes)
    apart = ColourBound(size, name, shapes)
    apart._merged = False
    apart._steps = [[apart.place(v) for v in vectors] for vectors in apart.vectors]
    counts = st.lists(st.integers(0, 3), min_size=len(shapes), max_size=len(shapes))
    for _ in range(4):
        remaining, holes = tuple(data.draw(counts)), data.draw(st.integers(0, 4))
        assert merged.sums(remaining, holes) == apart.sums(remaining, holes)
