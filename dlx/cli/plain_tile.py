"""`dlx tile --count [--unique] FILE`, the tiling benchmark's command, without typer.

As `dlx.cli.plain` does for `dlx solve`: importing typer and building the command line costs a
start about 0.05 s of processor time, a fifth of a whole `dlx tile --count` of the pentominoes
in 8 x 8 less its centre. `dlx.cli.entry` hands an argument vector of exactly this form to
`tile_plainly` and every other to the typer app, which stays the command's definition. What
the plain form prints on standard output and standard error, and its exit status, are the
typer command's (`tests/test_cli_plain_tile.py` holds them equal over good and bad puzzles).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

TYPE_CHECKING = False  # as typing's, which a start need not load
if TYPE_CHECKING:
    from dlx import Stats
    from dlx.console.live import LiveLine

PlainTile = tuple[str, bool]
"""A `dlx tile --count` in its plain form: the file (`-`: standard input), and whether one
solution per symmetry is counted (`--unique`)."""


def plain_tile(argv: Sequence[str]) -> PlainTile | None:
    """The plain `dlx tile --count` that `argv` asks for, or None, as `dlx.cli.plain`'s
    `plain_solve` says."""
    from dlx.cli.plain import clicks_own

    return None if clicks_own() else read_plain_tile(argv)


def read_plain_tile(argv: Sequence[str]) -> PlainTile | None:
    """The plain `dlx tile --count [--unique] FILE` in `argv` (the arguments after the
    program's name), in any order, or None for anything else.

    >>> read_plain_tile(["tile", "--unique", "--count", "puzzle.txt"])
    ('puzzle.txt', True)
    >>> read_plain_tile(["tile", "puzzle.txt"]) is None
    True
    """
    from dlx.cli.plain import _utf8

    if len(argv) < 3 or argv[0] != "tile" or not all(map(_utf8, argv)):
        return None
    count, unique, files = False, False, []
    for word in argv[1:]:
        if word == "--count" and not count:
            count = True
        elif word == "--unique" and not unique:
            unique = True
        elif word == "-" or not word.startswith("-"):
            files.append(word)
        else:
            return None
    return (files[0], unique) if count and len(files) == 1 else None


def tile_plainly(asked: PlainTile) -> None:
    """Count the tilings of `asked` as `dlx tile --count` does: their number; exit 1
    (`SystemExit`) with one line on standard error for none, or for bad input."""
    from dlx import Stats
    from dlx.cli.plain import _fail, _read
    from dlx.console.files import MAX_PUZZLE_BYTES
    from dlx.console.live import live_line
    from dlx.errors import DOMAIN_ERRORS

    file, unique = asked
    data = _read(file, MAX_PUZZLE_BYTES)
    if len(data) > MAX_PUZZLE_BYTES:
        raise _fail(f"{file}: larger than {MAX_PUZZLE_BYTES} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _fail(f"{file}: not UTF-8 text") from None
    try:
        with live_line() as line:
            found = _count(text, unique, Stats(), line)
    except DOMAIN_ERRORS as error:
        raise _fail(str(error)) from None
    sys.stdout.write(f"{found}\n")
    if not found:
        raise _fail("no solution")


def _count(text: str, unique: bool, stats: Stats, line: LiveLine | None) -> int:
    """The number of tilings of the puzzle `text` poses, as `dlx tile` poses it by default."""
    from dlx.tiling.build import build, count_solutions
    from dlx.tiling.picture import is_picture, read_picture
    from dlx.tiling.spec import guess_grid, read_spec

    puzzle = read_picture(text, None) if is_picture(text) else read_spec(text, guess_grid(text))
    puzzle.rotate = True
    puzzle.flip = not puzzle.grid.solid
    puzzle.unique = unique
    tiling = build(puzzle)
    return count_solutions(
        tiling, stats=stats, timeout=None, max_nodes=None, limit=None, progress=line
    )
