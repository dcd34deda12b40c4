"""`dlx solve`'s plain form (`dlx.cli.plain`: `[--count] [--engine E | --zdd] FILE`, without
typer) prints and ends exactly as the typer command does, on every argument vector of a matrix:
good files and bad ones, standard input, each engine and the ZDD, and options that must go to
typer."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from places import ROOT

from dlx.cli.plain import ENGINES, FORMS, plain_start, read_plain

CORPUS = ROOT / "corpus" / "dlx"

TYPER = "import sys; sys.argv[0] = 'dlx'; from dlx.cli.app import main; main()"
"""The `dlx` program as it was before the plain form: every command line through typer."""
PLAIN = "import sys; sys.argv[0] = 'dlx'; from dlx.cli.entry import dlx; dlx()"
"""The `dlx` program's entry point, as the `dlx` script and `python -m dlx` call it."""

BAD_FILES = {
    "not_utf8.dlx": b"a b\n\xff b\n",
    "format.dlx": b"a b\nc\n",
    "empty.dlx": b"",
}

PLAIN_CASES = [
    ["solve", "queens4.dlx"],
    ["solve", "--count", "queens4.dlx"],
    ["solve", "queens4.dlx", "--count"],
    ["solve", "--engine", "cells", "queens4.dlx"],
    ["solve", "--engine=cells", "--count", "queens4.dlx"],
    ["solve", "--count", "--engine", "links", "knuth_example.dlx"],
    ["solve", "no_solution.dlx"],
    ["solve", "--count", "no_solution.dlx"],
    ["solve", "--count", "--engine", "cells", "no_solution.dlx"],
    ["solve", "colours_and_multiplicity.dlx"],
    ["solve", "--engine", "cells", "colours_and_multiplicity.dlx"],
    ["solve", "--count", "missing.dlx"],
    ["solve", "\x1b[31mmissing.dlx"],  # (click drops the escape where no terminal shows it)
    ["solve", "invalid"],
    ["solve", ""],
    ["solve", "invalid/unknown_item.dlx"],
    ["solve", "--count", "invalid/colour_on_primary.dlx"],
    *(["solve", "--count", name] for name in BAD_FILES),
    ["solve", "-"],
    ["solve", "--count", "-"],
    ["solve", "--zdd", "queens4.dlx"],
    ["solve", "--count", "--zdd", "queens4.dlx"],
    ["solve", "--zdd", "knuth_example.dlx", "--count"],
    ["solve", "--zdd", "--count", "no_solution.dlx"],
    ["solve", "--zdd", "no_solution.dlx"],
    ["solve", "--zdd", "colours_and_multiplicity.dlx"],
    ["solve", "--zdd", "--count", "missing.dlx"],
    ["solve", "--zdd", "--count", "invalid/unknown_item.dlx"],
    *(["solve", "--zdd", name] for name in BAD_FILES),
    ["solve", "--zdd", "-"],
]
"""Argument vectors the plain form runs (the problem files are the corpus's, run from it)."""

TYPER_CASES = [
    ["solve", "--engine", "CELLS", "--count", "queens4.dlx"],
    ["solve", "--engine", "dancing", "queens4.dlx"],
    ["solve", "--engine"],
    ["solve", "--count", "--count", "queens4.dlx"],
    ["solve", "--limit", "1", "queens4.dlx"],
    ["solve", "--max-nodes", "100", "--count", "queens4.dlx"],
    ["solve", "--count"],
    ["solve", "queens4.dlx", "no_solution.dlx"],
    ["solve", "-x"],
    ["solve", "--", "queens4.dlx"],
    ["solve", "--help"],
    ["solve"],
    ["--count", "solve", "queens4.dlx"],
    ["queens", "4"],
    ["solve", "--zdd", "--engine", "cells", "queens4.dlx"],
    ["solve", "--zdd", "--zdd", "queens4.dlx"],
    ["solve", "--zdd", "--memo-mb", "1", "--count", "queens4.dlx"],
    ["solve", "--zdd", "--random", "1", "--seed", "2", "queens4.dlx"],
    ["solve", "--zdd", "--limit", "1", "queens4.dlx"],
]
"""Argument vectors that go to typer whichever way the program starts."""


def run(code: str, argv: list[str], folder: Path, merged: bool) -> tuple[str, str, int]:
    """Standard output, standard error (or both in one, `merged`) and the exit status of the
    `dlx` program started by `code` with `argv`, in `folder`, the queens on standard input."""
    done = subprocess.run(
        [sys.executable, "-c", code, *argv],
        input=(CORPUS / "queens4.dlx").read_bytes(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT if merged else subprocess.PIPE,
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "TERM": "dumb"},
        check=False,
    )
    err = "" if merged else done.stderr.decode("utf-8", "backslashreplace")
    return done.stdout.decode("utf-8", "backslashreplace"), err, done.returncode


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus's problems with the bad files beside them."""
    made = tmp_path_factory.mktemp("plain")
    for path in CORPUS.rglob("*.dlx"):
        (made / path.relative_to(CORPUS)).parent.mkdir(exist_ok=True)
        (made / path.relative_to(CORPUS)).write_bytes(path.read_bytes())
    for name, data in BAD_FILES.items():
        (made / name).write_bytes(data)
    return made


@pytest.mark.parametrize("argv", PLAIN_CASES + TYPER_CASES, ids=" ".join)
def test_the_plain_form_prints_and_ends_as_typer_does(argv: list[str], folder: Path) -> None:
    assert (read_plain(argv) is not None) == (argv in PLAIN_CASES)
    for merged in (False, True):
        assert run(PLAIN, argv, folder, merged) == run(TYPER, argv, folder, merged)


def test_only_the_plain_form_is_read() -> None:
    assert read_plain(["solve", "-"]) == ("solve", "-", {})
    assert read_plain(["solve", "--engine=links", "f"]) == ("solve", "f", {"--engine": "links"})
    assert read_plain(["solve", "--zdd", "f"]) == ("solve", "f", {"--zdd": True})
    assert read_plain(["solve", "--zdd", "--engine=links", "f"]) is None
    assert read_plain(["solve", "--stats", "f"]) is None  # (it prints a time: not in the matrix)
    assert read_plain(["solve", "--engine", "cells", "--engine", "cells", "f"]) is None
    assert read_plain(["solve", "--engine", "bitset", "f"]) is None
    assert read_plain(["solve", "--count=1", "f"]) is None
    assert read_plain(["solve", "f\udcff"]) is None  # (not UTF-8: click's to decode)
    assert read_plain([]) is None and read_plain(["solve"]) is None
    assert read_plain(["tile", "f"]) is None  # (its plain form must count)
    assert read_plain(["queens", "--count", "8"]) is None


def test_the_plain_forms_are_the_typer_commands_own_options() -> None:
    """Every option a plain form reads is the typer command's, spelt as it spells it: each
    flag a flag, each value one that the typer option takes; so the plain reader is a subset of
    the definitions typer parses, not a second set of them."""
    import typer.main

    from dlx.cli.app import app

    group: Any = typer.main.get_command(app)  # (typer's own click: read by duck typing)
    for name, (flags, choices, needed) in FORMS.items():
        command = group.commands[name]
        options = {spelt: option for option in command.params for spelt in option.opts}
        for flag in flags:
            assert options[flag].is_flag, (name, flag)
        for option, values in choices.items():
            taken = getattr(options[option].type, "choices", ())
            assert set(values) <= set(taken), (name, option, taken)
        assert set(needed) <= set(flags)
    assert FORMS["solve"][1]["--engine"] == ENGINES


def test_click_reads_what_it_sets_up_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """A shell completion, or a stream click would rewrap, goes to typer."""
    argv = ["solve", "f"]
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert plain_start(argv) == ("solve", "f", {})
    monkeypatch.setenv("_DLX_COMPLETE", "bash_complete")
    assert plain_start(argv) is None
    monkeypatch.delenv("_DLX_COMPLETE")
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    assert plain_start(argv) is None
    monkeypatch.setattr(sys, "stderr", None)
    assert plain_start(argv) is None


def imported(folder: Path, argv: list[str]) -> tuple[str, set[str]]:
    """What `dlx ARGV` prints in `folder`, and the modules its start imports (by name)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", PLAIN, *argv],
        capture_output=True,
        text=True,
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=True,
    )
    return done.stdout, {line.rpartition("|")[2].strip() for line in done.stderr.splitlines()}


@pytest.mark.parametrize("zdd", [[], ["--zdd"]], ids=["search", "zdd"])
def test_dlx_solve_starts_without_typer(folder: Path, zdd: list[str]) -> None:
    """The plain form imports neither typer (and its click) nor rich, with `--zdd` or not."""
    stdout, names = imported(folder, ["solve", "--count", *zdd, "queens4.dlx"])
    assert stdout == "2\n"
    assert not {name.split(".")[0] for name in names} & {"typer", "click", "rich"}


@pytest.mark.parametrize("count", [["--count"], []], ids=["count", "list"])
@pytest.mark.parametrize("engine", [["--engine", "links"], ["--engine", "cells"], ["--zdd"]])
def test_dlx_solve_starts_without_dataclasses_typing_or_threading(
    folder: Path, engine: list[str], count: list[str]
) -> None:
    """Nor, on either engine or through the ZDD, `dataclasses` (with `inspect`), `typing` or
    `threading`: what was left of the start-up above bare Python (issues 37, 34)."""
    stdout, names = imported(folder, ["solve", *count, *engine, "queens4.dlx"])
    first = sorted((CORPUS / "queens4.out").read_text().splitlines())  # (in the engine's order)
    assert stdout.splitlines()[-1] == "2" if count else sorted(stdout.splitlines()) == first
    assert not names & {"dataclasses", "inspect", "typing", "threading", "pathlib"}
