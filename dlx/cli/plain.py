"""`dlx solve [--count] [--engine links|cells | --zdd] FILE`, the commonest command, without typer.

Importing typer and building the command line took half of a small run's whole process (0.15 G
of 0.31 G instructions), more than Knuth's programs take for a whole small search. The plain
form of `dlx solve` has nothing to parse that needs it, so `dlx.cli.entry` hands an argument
vector that is exactly that form to `solve_plainly` and every other to the typer app
(`dlx.cli.app`), which remains the command's definition: its options, its `--help`, its usage
errors. Both run down one path (`dlx.cli.solve`, `dlx.cli.zdd`), so what the plain form prints,
on standard output and standard error, and its exit status are the typer command's, byte for
byte (`tests/cli/test_cli_plain.py` holds the two equal over bad files, bad options and each
engine); anything this module is not sure of it leaves to typer.
"""

from __future__ import annotations

import codecs
import os
import sys
from collections.abc import Sequence

TYPE_CHECKING = False  # as typing's, which a start need not load (0.012 G instructions)
if TYPE_CHECKING:
    from typing import TextIO

ENGINES = ("links", "cells")


PlainSolve = tuple[str, bool, str, bool]
"""A `dlx solve` in its plain form: the file (`-`: standard input), whether only the number of
solutions is wanted (`--count`), the engine, and whether through a ZDD (`--zdd`, with no
`--engine`). (A tuple: a NamedTuple's class, made at each start, would cost it about 1 M
instructions.)"""


def plain_solve(argv: Sequence[str]) -> PlainSolve | None:
    """The plain `dlx solve` that `argv` (the arguments after the program's name) asks for, or
    None where typer must read them (`read_plain`), or where the process's setting is one that
    click reads itself (`clicks_own`)."""
    return None if clicks_own() else read_plain(argv)


def clicks_own() -> bool:
    """Whether the process's setting is one that click reads itself: a standard stream that is
    closed or ASCII-only (click wraps those), or a shell completion asked for in the
    environment."""
    streams = (sys.stdout, sys.stderr)
    if any(stream is None or _ascii_only(stream) for stream in streams):
        return True
    return any(name.endswith("_COMPLETE") for name in os.environ)


def read_plain(argv: Sequence[str]) -> PlainSolve | None:
    """The plain `dlx solve` in `argv`, or None for anything else: another command, any other
    option, an option twice, no file or two, a file that looks like an option, an argument
    that is not UTF-8 text (click decodes those its own way).

    >>> read_plain(["solve", "--engine", "cells", "--count", "queens.dlx"])
    ('queens.dlx', True, 'cells', False)
    >>> read_plain(["solve", "--count", "--zdd", "queens.dlx"])
    ('queens.dlx', True, 'links', True)
    >>> read_plain(["solve", "--limit", "1", "queens.dlx"]) is None
    True
    """
    if len(argv) < 2 or argv[0] != "solve" or not all(map(_utf8, argv)):
        return None
    rest = list(argv[1:])
    count, zdd, engine, files = False, False, None, []
    while rest:
        word = rest.pop(0)
        if word == "--count" and not count:
            count = True
        elif word == "--zdd" and not zdd:
            zdd = True
        elif word == "--engine" and engine is None and rest and rest[0] in ENGINES:
            engine = rest.pop(0)
        elif word.startswith("--engine=") and engine is None and word[9:] in ENGINES:
            engine = word[9:]
        elif word == "-" or not word.startswith("-"):
            files.append(word)
        else:
            return None
    if len(files) != 1 or (zdd and engine is not None):
        return None
    return files[0], count, engine or "links", zdd


def _utf8(word: str) -> bool:
    """Whether `word` is text, not bytes the file system gave that are not UTF-8."""
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _ascii_only(stream: TextIO) -> bool:
    """Whether click would find `stream` misconfigured and write through a wrapper of its own
    (its test, `typer._click._compat._stream_is_misconfigured`)."""
    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "ascii").name == "ascii"
    except LookupError:
        return False


def solve_plainly(asked: PlainSolve) -> None:
    """Solve `asked` down `dlx solve`'s own path (`dlx.cli.solve`, or `dlx.cli.zdd` for
    `--zdd`) with every other option at its default (the first solution, as `listed` says)."""
    from dlx.cli.output import listed

    file, count, engine, zdd = asked
    limit = listed(count, False, None)
    if zdd:
        from dlx.cli import zdd as through_zdd

        through_zdd.solve_file(file, through_zdd.ZddAsked(count=count, limit=limit))
    else:
        from dlx.cli import solve

        solve.solve_file(file, count=count, limit=limit, engine=engine)
