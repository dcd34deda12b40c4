"""`dlx tile --count [--unique] FILE`, the tiling benchmark's command, without typer.

As `dlx.cli.plain` does for `dlx solve`: importing typer and building the command line costs a
start about 0.05 s of processor time, a fifth of a whole `dlx tile --count` of the pentominoes
in 8 x 8 less its centre. `dlx.cli.entry` hands an argument vector of exactly this form to
`tile_plainly` and every other to the typer app, which stays the command's definition. What
the plain form prints on standard output and standard error, and its exit status, are the
typer command's (`tests/cli/test_cli_plain_tile.py` holds them equal over good and bad puzzles).
"""

from __future__ import annotations

from collections.abc import Sequence

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
    """Count the tilings of `asked` down `dlx tile --count`'s own path (`dlx.cli.run`'s
    `run_boards`, on `dlx.cli.tile_run.TileRun`) with every other option at its default."""
    from dlx.cli.run import Asked, run_boards
    from dlx.cli.tile_run import TileRun

    file, unique = asked
    run_boards(Asked(count_only=True), TileRun(file, unique=unique, counting=True))
