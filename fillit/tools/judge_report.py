"""The `fillit check` display: a progress bar while it runs, then the verdicts, each wrong answer's
expected and received squares side by side, and a summary line."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Console, Group
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from dlx.pictures.squares import board_styles
from fillit.tools import judge
from fillit.tools.judge import Outcome, Verdict
from fillit.tools.judge_cases import Case

STYLES = {
    Verdict.OK: "green",
    Verdict.WRONG: "bold red",
    Verdict.TIMEOUT: "bold yellow",
    Verdict.CRASH: "bold magenta",
}

MARK = "bold white on red"
"""The style of the first cell where the received output differs from the expected one."""

SHOWN_LINES = 16
SHOWN_COLUMNS = 40
"""How much of a received output a difference shows (a wrong program may print a lot)."""

Cell = tuple[int, int]


def judge_with_progress(
    console: Console,
    command: Sequence[str],
    cases: Iterable[Case],
    total: int,
    timeout: float,
    jobs: int,
    *,
    live: bool,
) -> list[Outcome]:
    """Prepare the cases and judge the program on them; with `live`, a progress bar for each."""
    if not live:
        return judge.judge(command, list(cases), timeout, jobs)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeElapsedColumn(), console=console, transient=True) as bar:
        preparing = bar.add_task("canonical answers", total=total)
        made = []
        for case in cases:
            made.append(case)
            bar.advance(preparing)
        running = bar.add_task("running", total=len(made))
        return judge.judge(command, made, timeout, jobs, done=lambda _: bar.advance(running))


def first_difference(expected: str, received: str) -> Cell | None:
    """The (line, column) of the first character where the two texts differ, or None."""
    wanted, got = expected.split("\n"), received.split("\n")
    for row in range(max(len(wanted), len(got))):
        a = wanted[row] if row < len(wanted) else None
        b = got[row] if row < len(got) else None
        if a == b:
            continue
        a, b = a or "", b or ""
        column = next((c for c, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
        return row, min(len(a), len(b)) if column is None else column
    return None


def board(text: str, mark: Cell | None, colours: str | None = None) -> Text:
    """Text drawn as a board: each letter in its piece's colours on the board `colours` (this
    one's by default), the cell `mark` highlighted (a highlighted space when there is none)."""
    styles = letter_styles(text if colours is None else colours)
    lines = text.split("\n")
    if lines[-1] == "" and (mark is None or mark[0] < len(lines) - 1):
        lines.pop()
    drawn = Text()
    for row, line in enumerate(lines[:SHOWN_LINES]):
        shown = line[:SHOWN_COLUMNS]
        if mark is not None and mark[0] == row and mark[1] >= len(shown):
            shown += " "
        for column, char in enumerate(shown):
            style = styles.get(char, "dim" if char == "." else "")
            if (row, column) == mark:
                style = MARK
            drawn.append(char, style=style)
        drawn.append("\n" if row < len(lines) - 1 else "")
    return drawn


def letter_styles(text: str) -> dict[str, str]:
    """The style of each letter A-Z of a board's text: the terminal's and SVG's colours."""
    rows = text.split("\n")
    letters = [["." if not "A" <= char <= "Z" else char for char in row] for row in rows]
    return board_styles(letters, blanks=".")


def difference(outcome: Outcome) -> Group:
    """The expected and the received output side by side, the first differing cell marked."""
    expected, received = outcome.case.expected, outcome.received
    mark = first_difference(expected, received)
    table = Table(box=None, padding=(0, 4, 0, 0), show_edge=False)
    table.add_column("expected")
    table.add_column("received")
    table.add_row(board(expected, mark), board(received, mark, colours=expected))
    where = (
        "" if mark is None else f"; first difference at line {mark[0] + 1}, column {mark[1] + 1}"
    )
    title = Text(f"{outcome.case.name}: wrong ({outcome.note}{where})", style="bold")
    return Group(title, table)


def verdicts(outcomes: Sequence[Outcome]) -> Table:
    """One row per case: its name, verdict, time and a note."""
    table = Table(title="fillit check")
    table.add_column("case")
    table.add_column("verdict")
    table.add_column("seconds", justify="right")
    table.add_column("note")
    for o in outcomes:
        verdict = Text(str(o.verdict), style=STYLES[o.verdict])
        table.add_row(o.case.name, verdict, f"{o.seconds:.3f}", o.note)
    return table


def summary_line(seed: int, outcomes: Sequence[Outcome]) -> Text:
    """Counts of each verdict, the slowest case and the seed that reproduces the run."""
    counts = ", ".join(f"{sum(o.verdict is v for o in outcomes)} {v}" for v in Verdict)
    line = Text(f"{len(outcomes)} cases: {counts}")
    if outcomes:
        slowest = max(outcomes, key=lambda o: o.seconds)
        line.append(f"; slowest {slowest.case.name} ({slowest.seconds:.2f} s)")
    line.append(f"; seed {seed}")
    return line


def show(console: Console, seed: int, outcomes: Sequence[Outcome]) -> None:
    """Print the table of verdicts, then each wrong answer's difference, then the summary."""
    console.print(verdicts(outcomes))
    for outcome in outcomes:
        if outcome.verdict is Verdict.WRONG:
            console.print(difference(outcome))
    console.print(summary_line(seed, outcomes))
