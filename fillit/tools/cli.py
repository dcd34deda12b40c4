"""The fillit authors' tools on the command line: `fillit generate` (inputs, valid or breaking one
rule of the format) and `fillit check` (a fillit program judged against the canonical answers).

`fillit.cli` registers them on the `fillit` command (`register`); like it, this module parses
arguments and delegates, importing the generator and the judge only when they are used.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from dlx.programs.exits import EXIT_INVALID
from dlx.programs.kit import PlainOpt, PlainUsage
from dlx.programs.live import styled
from fillit.cli_common import interruptible, make_console

if TYPE_CHECKING:
    from fillit.tools.judge import Outcome

PiecesOpt = Annotated[
    int | None,
    typer.Option("--pieces", min=1, max=26, help="Number of pieces (default: random)."),
]
KindOpt = Annotated[
    str,
    typer.Option(
        "--kind",
        metavar="random|tiling|identical|few",
        help="Shapes: uniform, a tiling's, one, or two to four.",
    ),
]
FilesSeedOpt = Annotated[
    int | None, typer.Option("--seed", help="The same seed gives the same files.")
]
CountOpt = Annotated[
    int, typer.Option("--count", min=1, help="Write this many files (needs --out).")
]
OutOpt = Annotated[
    Path | None, typer.Option("--out", help="Write NAME.txt files into this folder.")
]
InvalidOpt = Annotated[
    str | None,
    typer.Option(
        "--invalid",
        metavar="RULE",
        help="Break this rule of the format instead; `--invalid list` lists them.",
    ),
]

ProgramArg = Annotated[
    list[str],
    typer.Argument(
        metavar="-- PROGRAM [ARGS...]",
        help="The fillit program to test, run as PROGRAM ARGS FILE.",
        show_default=False,
    ),
]
CasesOpt = Annotated[
    int, typer.Option("--cases", min=0, help="Generated inputs, besides the fixed ones.")
]
InputsSeedOpt = Annotated[
    int | None, typer.Option("--seed", help="The same seed gives the same inputs.")
]
CaseTimeoutOpt = Annotated[
    float, typer.Option("--timeout", min=0.001, help="Seconds allowed per case.")
]
JobsOpt = Annotated[int, typer.Option("--jobs", min=1, help="Cases run at once.")]
SaveOpt = Annotated[
    Path | None,
    typer.Option("--save", help="Write each failing input (NAME.txt, NAME.out) here."),
]
CorpusOpt = Annotated[
    Path | None,
    typer.Option("--corpus", help="Folder of valid inputs (default: the project's corpus)."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def register(app: typer.Typer) -> None:
    """Add `generate` and `check` to the `fillit` command line `app`."""
    app.command(cls=PlainUsage)(generate)
    app.command(
        "check",
        cls=PlainUsage,
        context_settings={"allow_interspersed_args": False},
        no_args_is_help=True,
    )(check_program)


def generate(
    pieces: PiecesOpt = None,
    kind: KindOpt = "random",
    seed: FilesSeedOpt = None,
    count: CountOpt = 1,
    out: OutOpt = None,
    invalid: InvalidOpt = None,
) -> None:
    """Print a fillit input: valid of a kind, or breaking one rule of the format."""
    from fillit.tools import generate as make
    from fillit.tools.invalid import break_list, invalid_input

    if invalid == "list":
        sys.stdout.write(break_list())
        return
    if count > 1 and out is None:
        raise typer.BadParameter("--count needs --out", param_hint="--count")
    if seed is None:
        import random  # only a seed not given draws one: `fillit solve` starts without

        seed = random.SystemRandom().randrange(2**32)
    try:
        if invalid is None:
            made = make.inputs(seed, count, kind, lambda rng: make.valid_input(rng, kind, pieces))
        else:
            made = make.inputs(seed, count, invalid, lambda rng: invalid_input(rng, invalid))
    except make.GenerateError as fault:
        raise typer.BadParameter(str(fault)) from None
    if out is None:
        sys.stdout.write(made[0][1])
        return
    try:
        make.write_inputs(out, made)
    except OSError as fault:
        typer.echo(f"fillit: {out}: {fault.strerror or fault}", err=True)
        raise typer.Exit(EXIT_INVALID) from None


def check_program(
    command: ProgramArg,
    cases: CasesOpt = 50,
    seed: InputsSeedOpt = None,
    timeout: CaseTimeoutOpt = 10.0,
    jobs: JobsOpt = 1,
    save: SaveOpt = None,
    corpus: CorpusOpt = None,
    as_json: JsonOpt = False,
    plain: PlainOpt = False,
) -> None:
    """Test a fillit program against the canonical answers (exit 0 when every case is ok)."""
    from fillit.tools import judge, judge_cases, judge_report

    try:
        program = judge.resolve(command)
    except judge.JudgeError as fault:
        raise typer.BadParameter(str(fault), param_hint="PROGRAM") from None
    if corpus is not None and not corpus.is_dir():
        raise typer.BadParameter(f"{corpus}: no such folder", param_hint="--corpus")
    if save is not None and save.exists() and not save.is_dir():
        raise typer.BadParameter(f"{save}: not a folder", param_hint="--save")
    folder = corpus or judge_cases.default_corpus()
    if folder is None:
        typer.echo("fillit: no corpus beside the package: its cases are left out", err=True)
    if seed is None:
        import random  # only a seed not given draws one: `fillit solve` starts without

        seed = random.SystemRandom().randrange(2**32)
    files = judge_cases.corpus_files(folder)
    outcomes = judged(program, seed, cases, files, timeout, jobs, quiet=as_json)
    if save is not None:
        try:
            judge.save(save, outcomes)
        except OSError as fault:
            typer.echo(f"fillit: {save}: {fault.strerror or fault}", err=True)
    if as_json:
        import json  # only --json writes it: `fillit solve` starts without

        sys.stdout.write(json.dumps(judge.summary(seed, outcomes)) + "\n")
    else:
        judge_report.show(make_console(plain=not styled(sys.stdout, plain)), seed, outcomes)
    raise typer.Exit(1 if judge.failed(outcomes) else 0)


def judged(
    program: Sequence[str],
    seed: int,
    cases: int,
    files: Sequence[Path],
    timeout: float,
    jobs: int,
    *,
    quiet: bool,
) -> list[Outcome]:
    """The program's outcomes on every case of the run, a progress bar on a terminal's standard
    error unless `quiet`; a program that cannot be run is a usage error, Ctrl-C exit 130."""
    from rich.console import Console

    from fillit.tools import judge, judge_cases, judge_report

    errors = Console(stderr=True)
    try:
        with interruptible():
            return judge_report.judge_with_progress(
                errors,
                program,
                judge_cases.cases(seed, cases, files),
                judge_cases.case_count(cases, files),
                timeout,
                jobs,
                live=errors.is_terminal and not quiet,
            )
    except judge.JudgeError as fault:
        raise typer.BadParameter(str(fault), param_hint="PROGRAM") from None
