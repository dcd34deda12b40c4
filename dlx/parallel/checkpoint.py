"""How does a parallel search survive a stop? A checkpoint file of the parts finished, named by
a fingerprint of the problem and of the options that shape its parts."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import stat
from pathlib import Path

from dlx.parallel.parts import CheckpointError, K, Outcome, Settings, TreePath
from dlx.problem import Problem


def fingerprint(problem: Problem[K], settings: Settings) -> str:
    """A digest of the problem and of the options that shape its parts and their results."""
    text = repr(
        (
            problem.items,
            problem.primary_count,
            problem.options,
            problem.colours,
            problem.bounds,
            [repr(k) for k in problem.keys],
            settings.choose,
            settings.item_order,
            _check_name(settings.prune),
            settings.solutions,
            *([] if settings.engine == "links" else [settings.engine]),
        )
    )
    return hashlib.sha256(text.encode()).hexdigest()


def _check_name(prune: object) -> str:
    """What names a pruning check across runs: its pickle (module and name of a function, the
    parts of a partial), never an address that changes from run to run."""
    if prune is None:
        return "None"
    try:
        return hashlib.sha256(pickle.dumps(prune)).hexdigest()
    except (pickle.PicklingError, TypeError, AttributeError):
        return repr(prune)  # cannot reach a worker anyway: refused before any part runs


MAX_CHECKPOINT_BYTES = 256 * 1024 * 1024
"""Largest checkpoint file read back (its parts' solutions included)."""


def _lines(path: Path) -> list[str]:
    """The lines of the checkpoint file at `path` (none if there is no file yet); a file that is
    not a regular one (/dev/zero, a pipe) or larger than MAX_CHECKPOINT_BYTES is refused unread."""
    try:
        # Opened without blocking, so that a pipe with no writer is refused, not waited on.
        with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise CheckpointError(f"{path}: not a regular file; name a file for the checkpoint")
            data = handle.read(MAX_CHECKPOINT_BYTES + 1)
        if len(data) > MAX_CHECKPOINT_BYTES:
            raise CheckpointError(f"{path}: larger than {MAX_CHECKPOINT_BYTES} bytes (the limit)")
        return data.decode("utf-8").splitlines(keepends=True)
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as error:
        raise CheckpointError(f"{path}: cannot be read: {error}") from None


FORMAT = 2
"""The version of the checkpoint's lines (2: a part may hold a run of subtrees and leave what its
budget did not reach; 1 held one subtree a part)."""


def _version(header: str) -> object:
    """The format a checkpoint's first line names, or None if it names none."""
    try:
        data = json.loads(header)
    except ValueError:
        return None
    return data.get("dlx-checkpoint") if isinstance(data, dict) else None


class Checkpoint:
    """An append-only file of finished parts (one JSON line each, after a header naming the
    problem's fingerprint); each line is flushed and synced before the run goes on."""

    def __init__(self, path: Path | str, fingerprint: str) -> None:
        self.path = Path(path)
        self.done: dict[TreePath, Outcome] = {}
        header = json.dumps({"dlx-checkpoint": FORMAT, "fingerprint": fingerprint})
        lines = _lines(self.path)
        if lines and lines[0].rstrip("\n") != header:
            if _version(lines[0]) not in (None, FORMAT):
                raise CheckpointError(
                    f"{self.path} was written by another version of dlx (its parts are told "
                    "otherwise); remove it or name another file"
                )
            raise CheckpointError(
                f"{self.path} is the checkpoint of another problem or other options; "
                "remove it or name another file"
            )
        kept = self._read(lines[1:])
        try:
            self.file = self.path.open("a", encoding="utf-8")
            if lines:
                self.file.truncate(len(lines[0].encode()) + kept)
        except OSError as error:
            raise CheckpointError(f"{self.path}: cannot be written: {error}") from None
        if not lines:
            self._write(header)

    def _read(self, lines: list[str]) -> int:
        """Take the finished parts; return the bytes they fill. A last line cut short by a crash
        is left out (and cut off the file)."""
        kept = 0
        for number, line in enumerate(lines, start=2):
            try:
                if not line.endswith("\n"):
                    raise ValueError("cut short")
                outcome = Outcome.from_json(line)
            except (ValueError, TypeError, KeyError):
                if number == len(lines) + 1:
                    break
                raise CheckpointError(f"{self.path}, line {number}: not a finished part") from None
            self.done[outcome.path] = outcome
            kept += len(line.encode())
        return kept

    def _write(self, line: str) -> None:
        self.file.write(line + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def record(self, outcome: Outcome) -> None:
        """Append one finished part, durably."""
        self._write(outcome.to_json())

    def close(self) -> None:
        """Close the file (every line is on disk already)."""
        self.file.close()
