"""`dlx solve [--count] [--engine links|cells | --zdd] FILE` and `dlx tile --count [--unique]
FILE`, the commonest commands, without typer.

Importing typer and building the command line took half of a small run's whole process (0.15 G
of 0.31 G instructions), more than Knuth's programs take for a whole small search; for `dlx tile
--count` a fifth of a search of the pentominoes in 8 x 8 less its centre. These plain forms have
nothing to parse that needs typer, so `dlx.cli.entry` hands an argument vector that is exactly
one of them (`FORMS`: their options, named as the typer commands name them, which
`tests/cli/test_cli_plain.py` reads off the typer app) to `run_plainly` and every other to the
typer app (`dlx.cli.app`), which remains the commands' definition: their options, `--help`,
usage errors. Both run down one path (`dlx.cli.solve`, `dlx.cli.zdd`, `dlx.cli.run`), so what a
plain form prints, on standard output and standard error, and its exit status are the typer
command's, byte for byte (`tests/cli/test_cli_plain.py`, `test_cli_plain_tile.py`); anything
this module is not sure of it leaves to typer.
"""

from __future__ import annotations

import codecs
import os
import sys
from collections.abc import Sequence

TYPE_CHECKING = False  # as typing's, which `dlx solve`'s plain start does not load
if TYPE_CHECKING:
    from typing import TextIO

ENGINES = ("links", "cells")
"""The engines `dlx solve`'s plain form takes (`--engine`; the bitset engine goes through typer)."""

FORMS: dict[str, tuple[tuple[str, ...], dict[str, tuple[str, ...]], tuple[str, ...]]] = {
    "solve": (("--count", "--zdd"), {"--engine": ENGINES}, ()),
    "tile": (("--count", "--unique"), {}, ("--count",)),
}
"""Each plain form: its command, its flags, its options with the values they take here, and the
flags it must have; one FILE besides (`-`: standard input), each option at most once."""

Plain = tuple[str, str, dict[str, "str | bool"]]
"""A command line in a plain form: the command, the file, and the options given. (A tuple: a
NamedTuple's class would be made at each start.)"""


def plain_start(argv: Sequence[str]) -> Plain | None:
    """The plain form that `argv` (the arguments after the program's name) asks for, or None
    where typer must read them (`read_plain`), or where the process's setting is one that click
    reads itself (`clicks_own`)."""
    return None if clicks_own() else read_plain(argv)


def clicks_own() -> bool:
    """Whether the process's setting is one that click reads itself: a standard stream that is
    closed or ASCII-only (click wraps those), or a shell completion asked for in the
    environment."""
    streams = (sys.stdout, sys.stderr)
    if any(stream is None or _ascii_only(stream) for stream in streams):
        return True
    return any(name.endswith("_COMPLETE") for name in os.environ)


def read_plain(argv: Sequence[str]) -> Plain | None:
    """The plain form in `argv`, or None for anything else: another command, any other option,
    an option twice, a flag it must have missing, no file or two, a file that looks like an
    option, an argument that is not UTF-8 text (click decodes those its own way), `--zdd` with
    `--engine` (typer's to refuse).

    >>> read_plain(["solve", "--engine", "cells", "--count", "queens.dlx"])
    ('solve', 'queens.dlx', {'--engine': 'cells', '--count': True})
    >>> read_plain(["tile", "--unique", "--count", "puzzle.txt"])
    ('tile', 'puzzle.txt', {'--unique': True, '--count': True})
    >>> read_plain(["solve", "--limit", "1", "queens.dlx"]) is None
    True
    """
    if len(argv) < 2 or argv[0] not in FORMS or not all(map(_utf8, argv)):
        return None
    flags, choices, needed = FORMS[argv[0]]
    rest = list(argv[1:])
    given: dict[str, str | bool] = {}
    files = []
    while rest:
        word = rest.pop(0)
        name, equals, value = word.partition("=")
        if name in given:
            return None
        if word in flags:
            given[word] = True
        elif name in choices and not equals and rest and rest[0] in choices[name]:
            given[name] = rest.pop(0)
        elif name in choices and equals and value in choices[name]:
            given[name] = value
        elif word == "-" or not word.startswith("-"):
            files.append(word)
        else:
            return None
    if len(files) != 1 or not all(flag in given for flag in needed):
        return None
    if "--zdd" in given and "--engine" in given:
        return None
    return argv[0], files[0], given


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


def run_plainly(plain: Plain) -> None:
    """Run `plain` down its typer command's own path, every other option at its default (the
    first solution, as `listed` says): `dlx.cli.solve` (or `dlx.cli.zdd` for `--zdd`), or
    `dlx.cli.run` on `dlx tile`'s run object."""
    from dlx.cli.output import listed

    command, file, given = plain
    count = "--count" in given
    if command == "tile":
        from dlx.cli.run import Asked, run_boards
        from dlx.cli.tile_run import TileRun

        run = TileRun(file, unique="--unique" in given, counting=True)
        run_boards(Asked(count_only=True), run)
    elif "--zdd" in given:
        from dlx.cli import zdd

        zdd.solve_file(file, zdd.ZddAsked(count=count, limit=listed(count, False, None)))
    else:
        from dlx.cli import solve

        engine = str(given.get("--engine", "links"))
        solve.solve_file(file, count=count, limit=listed(count, False, None), engine=engine)
