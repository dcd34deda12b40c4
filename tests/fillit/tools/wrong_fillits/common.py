"""What a right fillit prints for a file, for the wrong programs beside it to start from."""

from __future__ import annotations

from fillit.errors import FillitError
from fillit.parse import parse, read_source
from fillit.pieces import Piece
from fillit.solver.arrange import arrange_fast


def pieces_or_none(name: str) -> list[Piece] | None:
    """The pieces of the file `name`, or None when it is not a valid fillit file."""
    try:
        return parse(read_source(name))
    except FillitError:
        return None


def right_output(name: str) -> str:
    """Exactly what `fillit solve` prints for the file `name`."""
    pieces = pieces_or_none(name)
    if pieces is None:
        return "error\n"
    return "".join(row + "\n" for row in arrange_fast(pieces).rows())
