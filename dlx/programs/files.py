"""How do the command lines read their input? `read_bytes`: a file, or standard input for `-`,
never more than a limit and one byte more (the caller refuses what passes the limit without
reading the rest); what cannot be read is one line (`Unreadable`) for the caller to print."""

from __future__ import annotations

import sys

MAX_PUZZLE_BYTES = 1024 * 1024
"""Largest puzzle text a front-end reads (a file, standard input, a page's request); a larger one
is refused before it is read whole."""


class Unreadable(Exception):
    """A file, or standard input, that cannot be read: the line to print says why."""


def read_bytes(file: str, limit: int) -> bytes:
    """The bytes of `file` (`-`: standard input), no more than `limit` + 1 of them."""
    try:
        if file == "-":
            if sys.stdin is None:
                raise Unreadable("-: standard input is closed")
            return sys.stdin.buffer.read(limit + 1)
        with open(file, "rb") as handle:
            return handle.read(limit + 1)
    except OSError as error:
        raise Unreadable(f"{file}: {error.strerror or error}") from None
