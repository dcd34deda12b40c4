"""How do the command lines read their input? `read_bytes`: a file, or standard input for `-`,
never more than a limit and one byte more (the caller refuses what passes the limit without
reading the rest); what cannot be read is one line (`Unreadable`) for the caller to print.
And whether a file asked for can be written (`unwritable`), told before any search."""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # as typing's, which `dlx solve` need not load
if TYPE_CHECKING:
    from pathlib import Path

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


def unwritable(path: Path) -> str | None:
    """Why a picture could not be written to `path`, found before any search (None: it can be):
    the file is opened for appending, so an existing one is left as it is, a new one removed."""
    if not path.parent.is_dir():
        return "no such folder"
    if path.is_dir():
        return "is a folder"
    existed = path.exists()
    try:
        path.open("ab").close()
        if not existed:
            path.unlink()
    except OSError as error:
        return error.strerror or str(error)
    return None
