"""`dlx solve [--count] [--engine links|cells | --zdd] FILE`, the commonest command, without typer.

Importing typer and building the command line took half of a small run's whole process (0.15 G
of 0.31 G instructions), more than Knuth's programs take for a whole small search. The plain
form of `dlx solve` has nothing to parse that needs it, so `dlx.cli.entry` hands an argument
vector that is exactly that form to `solve_plainly` and every other to the typer app
(`dlx.cli.app`), which remains the command's definition: its options, its `--help`, its usage
errors. What the plain form prints, on standard output and standard error, and its exit status
are the typer command's, byte for byte (`tests/test_cli_plain.py` holds the two equal over bad
files, bad options and each engine); anything this module is not sure of it leaves to typer.
"""

from __future__ import annotations

import codecs
import os
import sys
from collections.abc import Sequence

TYPE_CHECKING = False  # as typing's, which a start need not load (0.012 G instructions)
if TYPE_CHECKING:
    from typing import TextIO

    from dlx.knuth import DlxFile

ENGINES = ("links", "cells")

EXIT_NONE = 1
"""As `dlx.cli.common.EXIT_NONE`: no solution, or bad input."""


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
    """Solve `asked` as `dlx solve` does: each solution's option lines, or their number; exit 1
    (`SystemExit`) with one line on standard error for no solution or bad input."""
    from dlx import Stats, solve
    from dlx import count as count_solutions
    from dlx.console.live import live_line
    from dlx.errors import DOMAIN_ERRORS
    from dlx.knuth import MAX_BYTES, decode, parse_dlx

    file, count_only, engine, zdd = asked
    found = 0
    try:
        problem_file = parse_dlx(decode(_read(file, MAX_BYTES)))
        if zdd:
            _through_zdd(problem_file, count_only)
            return
        with live_line(printing=not count_only) as line:
            if count_only:
                found = count_solutions(
                    problem_file.problem, engine=engine, stats=Stats(), progress=line
                )
            else:  # (without `stats`: the solutions come over in batches)
                for solution in solve(problem_file.problem, engine=engine, progress=line):
                    found += 1
                    _write_solution(problem_file, solution, found)
    except DOMAIN_ERRORS as error:
        raise _fail(str(error)) from None
    if count_only:
        sys.stdout.write(f"{found}\n")
    if not found:
        raise _fail("no solution")


def _through_zdd(problem_file: DlxFile, count_only: bool) -> None:
    """`dlx solve --zdd [--count]`, as `dlx.cli.zdd.solve_file` runs it with every other option
    at its default: the exact number, or the solutions listed from the ZDD (bad input raises
    its domain error, for the caller)."""
    from dlx.zdd import MEMO_MB, zdd

    diagram = zdd(problem_file.problem, item_order=(), memo_mb=MEMO_MB, choose="auto")
    total = diagram.count()
    if count_only:
        sys.stdout.write(f"{total}\n")
    else:
        for number, keys in enumerate(diagram.solutions(), start=1):
            _write_solution(problem_file, keys, number)
    if not total:
        raise _fail("no solution")


def _write_solution(problem_file: DlxFile, keys: Sequence[int], number: int) -> None:
    """Solution `number` (from 1) as its option lines, after a blank line from the one before."""
    lines = "".join(f"{problem_file.option_text(key)}\n" for key in keys)
    sys.stdout.write(("\n" if number > 1 else "") + lines)


def _read(file: str, limit: int) -> bytes:
    """As `dlx.cli.common.read_input`: the bytes of `file` (`-`: standard input), at most
    `limit` + 1 of them."""
    from dlx.console.files import Unreadable, read_bytes

    try:
        return read_bytes(file, limit)
    except Unreadable as error:
        raise _fail(str(error)) from None


def _fail(message: str) -> SystemExit:
    """Print `dlx: message` on standard error as `dlx.cli.common.fail` does (through click's
    echo, which drops terminal escapes from a line that does not go to a terminal); the exit."""
    line = f"dlx: {message}\n"
    if "\x1b" in line and not sys.stderr.isatty():
        import re

        line = re.sub(r"\033\[[;?0-9]*[a-zA-Z]", "", line)  # (click's own pattern)
    sys.stderr.write(line)
    sys.stderr.flush()
    return SystemExit(EXIT_NONE)
