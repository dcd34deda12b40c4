"""`--unique` where no piece is used once and fixed by every symmetry, as when every piece has
copies (8 dominoes in a 4 x 4 square): one solution per symmetry class, broken in the problem
itself rather than by filtering every solution.

Take a piece T (with its copies) that every symmetry maps onto itself. Each placement Q of T
has a class, the least placement of its orbit; the classes' least placements are the
representatives. For a solution S, the least class among its placements of T, m(S), is the same
for every image of S, and some image holds m(S) itself. The problem asks for exactly that:

- a primary item `least` that one *designated* option covers: for each representative P, P's
  cells and piece again, with `least`;
- a secondary item per placement Q of T below the greatest class, covered by Q's option and by
  the designated option of every representative above Q's class.

A solution of that problem is a solution S of the puzzle with P = m(S) in it, designated: each
such S is found once, and every class has at least one. The images of S that also hold P (a
symmetry maps another placement of S of P's class onto P, or fixes P) are the few left alike:
those solutions are compared with those images, and the least kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dlx.tiling.errors import TileError
from dlx.tiling.model import Placement, Puzzle
from dlx.tiling.options import Tiling, assemble
from dlx.tiling.symmetry_group import Code, Coder, Symmetry

LEAST = "least"
"""The primary item the designated option covers (`least` in Knuth's text)."""


def break_with_copies(
    puzzle: Puzzle, every: list[Placement], group: list[Symmetry], coder: Coder
) -> Tiling:
    """The problem of `puzzle` with one solution per symmetry class `group` makes, through a
    piece with copies (see the module's text)."""
    t, classes = _copied_piece(puzzle, group, coder)
    if not classes:
        return assemble(puzzle, every, {}, [])
    representatives = sorted(set(classes.values()))
    below = {code: f"{puzzle.pieces[t].name}#{k + 1}" for k, code in enumerate(sorted(classes))}
    extra: dict[int, list[str]] = {}
    ties: list[str] = []
    for key, pl in enumerate(every):
        if pl.piece != t:
            continue
        code = coder.code(pl)
        if classes[code] < representatives[-1]:
            extra[key] = [below[code]]
            ties.append(below[code])
    chosen = list(every)
    index = {coder.code(pl): pl for pl in every if pl.piece == t}
    for p in representatives:
        extra[len(chosen)] = [LEAST] + [below[q] for q, c in sorted(classes.items()) if c < p]
        chosen.append(index[p])
    tiling = assemble(puzzle, chosen, extra, ties, leading=[LEAST])
    tiling.canonical = _least_of_alike(t, classes, group, coder)
    return tiling


def _copied_piece(
    puzzle: Puzzle, group: list[Symmetry], coder: Coder
) -> tuple[int, dict[Code, Code]]:
    """The piece T every symmetry maps onto itself with the fewest classes of placements (the
    first of those: `Coder.fewest`), and the class (least image) of each of its placements."""
    candidates = [
        i
        for i, piece in enumerate(puzzle.pieces)
        if piece.bounds[0] >= 1 and all(sym.pieces[i] == i for sym in group)
    ]
    if not candidates:
        raise TileError(
            "--unique needs a piece, or a piece's copies, that every symmetry maps onto itself"
        )
    nowhere = [i for i in candidates if not coder.placed[i]]
    if nowhere:  # the piece fits nowhere: no solution to break
        return nowhere[0], {}

    def classes(i: int) -> tuple[tuple[int], dict[Code, Code]]:
        least = {
            code: min([code, *(coder.image(sym, pl) for sym in group)])
            for code, pl in coder.of_piece(i)
        }
        return (len(set(least.values())),), least

    found = coder.fewest(candidates, group, classes)
    assert found is not None  # (candidates is not empty)
    return found


def _least_of_alike(
    t: int, classes: dict[Code, Code], group: Sequence[Symmetry], coder: Coder
) -> Callable[[list[Placement]], bool]:
    """Whether a solution is the least of its images that hold its least class's representative
    too (the images the problem finds as well)."""

    def keep(solution: list[Placement]) -> bool:
        codes = [coder.code(pl) for pl in solution]
        least = min(classes[c] for c in codes if c[0] == t)
        mine = sorted(codes)
        for sym in group:
            image = [coder.image(sym, pl) for pl in solution]
            if least in image and sorted(image) < mine:
                return False
        return True

    return keep
