"""Make a square: fill a square (or a given rectangle) with polyomino pieces, each used once.

Model (Knuth, TAOCP 7.2.2.1, as in his pentomino files): one primary item per piece, named by its
label, and one per board cell, `r<row>c<col>`; one option per placement of a piece, keyed
`(piece, variant, top, left)`: the piece's index in input order, the index of its orientation in
`variants(piece)`, and the board cell where that orientation's bounding box has its top-left
corner. Rotations and reflections are allowed unless forbidden.

With holes (`dlx polyomino --holes N`), the board has N more cells than the pieces: the cells
become secondary items, covered at most once, so each solution leaves N of them empty, wherever
they fall (as `dlx tile` does with a board of cells drawn `+`).

Input: pieces separated by blank lines; each piece is a line `R C` followed by R lines of C
characters, '1' for a cell of the piece and '0' for none. A cell of a solved board shows its
piece's label: the piece's number in input order, '1' to '9' then 'A' to 'Z' (35 pieces at most).

>>> pieces = parse("1 2\\n11\\n\\n2 1\\n1\\n1\\n")
>>> next(Filling(pieces, *board_size(pieces, None)).boards())
['11', '22']
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import groupby
from math import isqrt
from typing import Any, Unpack

from dlx.errors import PuzzleError
from dlx.problem import Problem
from dlx.puzzles.shapes import Cell, Shape, connected, normalise, variants
from dlx.solve import SearchKeywords, count, solve
from dlx.tiling.grids import SQUARE
from dlx.tiling.numbering import engine_for

Key = tuple[int, int, int, int]
"""An option: (piece index, variant index, top, left)."""
Placement = tuple[int, int, int, Shape]
"""(variant index, top, left, the board cells covered) of one piece."""

LABELS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_CELLS = 400
"""The largest board (and so the pieces' total area): with at most 35 pieces in 8 orientations,
its options name well under a few million items in all."""
BLANK = "."


def label(index: int) -> str:
    """The label of the piece with this 0-based index: '1'-'9', then 'A'-'Z'.

    >>> label(0), label(9), label(34)
    ('1', 'A', 'Z')
    """
    if not 0 <= index < len(LABELS):
        raise PuzzleError(f"piece {index + 1} has no label: at most {len(LABELS)} pieces")
    return LABELS[index]


def cell_name(r: int, c: int) -> str:
    """The item of the board cell in row r, column c, as Knuth names it.

    >>> cell_name(2, 10)
    'r2c10'
    """
    return f"r{r}c{c}"


def parse(text: str) -> list[Shape]:
    """The pieces of `text` in input order; PuzzleError names the piece and line of a fault.

    >>> parse("2 2\\n10\\n11\\n")
    [((0, 0), (1, 0), (1, 1))]
    """
    blocks = _blocks(text)
    if not blocks:
        raise PuzzleError("the input has no piece: it is empty or only blank lines")
    pieces: list[Shape] = []
    for number, block in enumerate(blocks, start=1):
        if number > len(LABELS):
            raise PuzzleError(
                f"piece {number}, line {block[0][0]}: more than {len(LABELS)} pieces"
                " (the labels 1-9 and A-Z run out)"
            )
        pieces.append(_piece(number, block))
    return pieces


def _blocks(text: str) -> list[list[tuple[int, str]]]:
    """The runs of non-blank lines of `text`, each line with its 1-based number."""
    runs = groupby(enumerate(text.splitlines(), start=1), key=lambda line: bool(line[1].strip()))
    return [list(run) for filled, run in runs if filled]


def _piece(number: int, block: list[tuple[int, str]]) -> Shape:
    """One piece from its header and rows, checked."""
    where = f"piece {number}, line {block[0][0]}"
    rows, cols = _header(where, block[0][1])
    found = len(block) - 1
    if found != rows:
        raise PuzzleError(
            f"{where}: the header says R = {rows}, but the piece has {_plural(found, 'row')}"
        )
    cells: list[Cell] = []
    for r, (line_number, row) in enumerate(block[1:]):
        bad = next((char for char in row if char not in "01"), None)
        if bad is not None:
            raise PuzzleError(f"piece {number}, line {line_number}: {bad!r} is not '0' or '1'")
        if len(row) != cols:
            raise PuzzleError(
                f"piece {number}, line {line_number}: the row has {_plural(len(row), 'character')},"
                f" but the header says C = {cols}"
            )
        cells += [(r, c) for c, char in enumerate(row) if char == "1"]
    if not cells:
        raise PuzzleError(f"{where}: the piece is empty (no '1')")
    if not connected(cells):
        raise PuzzleError(f"{where}: the piece's cells are not connected through their sides")
    return normalise(cells)


def _header(where: str, line: str) -> tuple[int, int]:
    """The `R C` of a piece's header line."""
    words = line.split()
    if len(words) != 2 or not all(
        word.isascii() and word.isdigit() and len(word) <= 9 and int(word) > 0 for word in words
    ):
        raise PuzzleError(
            f"{where}: header {line[:40]!r} is not 'R C' (two positive whole numbers)"
        )
    return int(words[0]), int(words[1])


def _plural(count: int, noun: str) -> str:
    """`count` and the noun, in the plural unless the count is 1."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def placements(
    shapes: Sequence[Shape], rows: int, cols: int, holes: Collection[Cell] = ()
) -> Iterator[Placement]:
    """Each way to put one of `shapes` on the board avoiding `holes`: by shape, then top, then left.

    >>> [top_left[:3] for top_left in placements([((0, 0), (0, 1))], 2, 2)]
    [(0, 0, 0), (0, 1, 0)]
    """
    for variant, shape in enumerate(shapes):
        height = 1 + max(r for r, _ in shape)
        width = 1 + max(c for _, c in shape)
        for top in range(rows - height + 1):
            for left in range(cols - width + 1):
                cells = tuple((top + r, left + c) for r, c in shape)
                if not holes or not any(cell in holes for cell in cells):
                    yield variant, top, left, cells


def board_size(
    pieces: Sequence[Shape], board: tuple[int, int] | None, holes: int = 0
) -> tuple[int, int]:
    """`board` if its area is the pieces' total area and `holes` cells left empty, or else the
    square of that area.

    >>> board_size([((0, 0), (0, 1))] * 2, None)
    (2, 2)
    >>> board_size([((0, 0), (0, 1), (0, 2))] * 5, None, holes=1)
    (4, 4)
    """
    covered = sum(len(piece) for piece in pieces)
    area = covered + holes
    subject = _area(covered, holes)
    if area > MAX_CELLS:
        raise PuzzleError(f"{subject} over {MAX_CELLS} cells (the limit)")
    if board is not None:
        rows, cols = board
        if rows < 1 or cols < 1:
            raise PuzzleError(f"the board {rows}x{cols} has no cell: R and C must be positive")
        if rows * cols != area:
            pieces_area = subject[:-1] if holes else f"the pieces' total area is {covered}"
            raise PuzzleError(
                f"the board {rows}x{cols} has area {rows * cols}, {pieces_area}"
                + (f" (--holes {rows * cols - covered} fits)" if rows * cols > covered else "")
            )
        return rows, cols
    side = isqrt(area)
    if side * side != area:
        larger = (side + 1) ** 2 - covered
        raise PuzzleError(
            f"{subject} not a square number: give the board as RxC"
            + ("" if holes else f", or --holes {larger} for the {side + 1}x{side + 1} square")
        )
    return side, side


def _area(covered: int, holes: int) -> str:
    """The pieces' area, with the holes, as the start of a sentence about it: "the pieces' total
    area 15 and 1 hole make 16,"."""
    if not holes:
        return f"the pieces' total area {covered} is"
    return f"the pieces' total area {covered} and {_plural(holes, 'hole')} make {covered + holes},"


@dataclass(frozen=True)
class Filling:
    """The rows x cols board to fill with `pieces`, each used once and turned as `rotate` and
    `flip` allow, leaving `holes` cells empty (wherever they fall).

    >>> Filling([((0, 0), (0, 1))] * 2, 2, 2).count()
    4
    """

    pieces: Sequence[Shape]
    rows: int
    cols: int
    rotate: bool = True
    flip: bool = True
    holes: int = 0

    def problem(self) -> Problem[Key]:
        """Exact cover of the board by the pieces: pieces and cells primary; with holes the cells
        are secondary, each covered at most once, and every piece used once leaves exactly that
        many.

        >>> Filling([((0, 0), (0, 1))] * 2, 2, 2).problem().option_count
        8
        >>> Filling([((0, 0), (0, 1))], 1, 3, holes=1).problem().primary_count
        1
        """
        rows, cols = self.rows, self.cols
        names = [label(index) for index in range(len(self.pieces))]
        cells = [cell_name(r, c) for r in range(rows) for c in range(cols)]
        square: Problem[Key] = Problem(names, cells) if self.holes else Problem(names + cells)
        for index, piece in enumerate(self.pieces):
            turned = variants(piece, self.rotate, self.flip)
            for variant, top, left, covered in placements(turned, rows, cols):
                square.add_option(
                    (index, variant, top, left), [names[index], *(cell_name(*c) for c in covered)]
                )
        return square

    def boards(self, **search: Unpack[SearchKeywords]) -> Iterator[list[str]]:
        """Each filling of the board, as `rows` strings of `cols` labels, `.` where a hole is
        left (`search` as for `dlx.solve`).

        >>> list(Filling([((0, 0), (0, 1))], 1, 3, holes=1).boards())
        [['11.'], ['.11']]
        """
        orientations = [variants(piece, self.rotate, self.flip) for piece in self.pieces]
        square = self.problem()
        searching = solve(square, **search, **engine(square, self.rows, self.cols))
        labelled = (
            [(label(i), _at(orientations[i][v], top, left)) for i, v, top, left in keys]
            for keys in searching
        )
        return (picture(self.rows, self.cols, cells) for cells in labelled)

    def count(self, **search: Any) -> int:
        """The number of fillings `boards` gives, counted in the search.

        >>> Filling([((0, 0),)], 1, 3, holes=2).count()
        3
        """
        square = self.problem()
        return count(square, **search, **engine(square, self.rows, self.cols))


def engine(
    square: Problem[Any], rows: int, cols: int, holes: Collection[Cell] = ()
) -> dict[str, Any]:
    """The keywords that pick the engine a board's search runs on (`dlx.tiling.numbering`'s
    `engine_for`): the bitset engine where the board (less its `holes`) fits it."""
    spots = {cell_name(r, c): (r, c) for r in range(rows) for c in range(cols)}
    return engine_for(square, SQUARE, {name: at for name, at in spots.items() if at not in holes})


def _at(shape: Shape, top: int, left: int) -> Shape:
    """`shape` moved so its bounding box has its top-left corner at (top, left)."""
    return tuple((top + r, left + c) for r, c in shape)


def picture(rows: int, cols: int, labelled: Iterable[tuple[str, Iterable[Cell]]]) -> list[str]:
    """The board with each labelled cell showing its label and BLANK elsewhere.

    >>> picture(2, 3, [("A", [(0, 0), (1, 0)])])
    ['A..', 'A..']
    """
    board = [[BLANK] * cols for _ in range(rows)]
    for mark, cells in labelled:
        for r, c in cells:
            board[r][c] = mark
    return ["".join(row) for row in board]
