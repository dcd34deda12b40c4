"""The `fillit stats` display: a live progress line while searching, then rich tables."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from dlx import Stats, core_name
from fillit import render
from fillit.answer import Answer, Arranger, CanonicalStats
from fillit.pieces import Piece, identical_groups, letter


def arrange_with_progress(
    console: Console,
    search: Arranger,
    pieces: Sequence[Piece],
    timeout: float | None,
    max_nodes: int | None,
    *,
    live: bool,
) -> Answer:
    """Run `search`; with `live`, show the size, nodes and updates of each search as it goes.

    >>> from io import StringIO
    >>> from fillit.solver.arrange import FastPath
    >>> square = Piece(((0, 0), (0, 1), (1, 0), (1, 1)))
    >>> console = Console(file=StringIO())
    >>> arrange_with_progress(console, FastPath(), [square], None, None, live=False).rows()
    ['AA', 'AA']
    """
    if not live:
        return search.arrange(pieces, timeout=timeout, max_nodes=max_nodes)
    with Live(Text("searching..."), console=console, transient=True) as display:

        def progress(size: int, stats: Stats) -> None:
            display.update(
                Text(
                    f"searching {size}x{size}: {stats.nodes:,} nodes, {stats.updates:,} updates, "
                    f"{stats.seconds:.1f} s"
                )
            )

        return search.arrange(pieces, timeout=timeout, max_nodes=max_nodes, progress=progress)


def attempts_table(answer: Answer) -> Table:
    """One row per board size tried."""
    table = Table(title="Sizes tried")
    for name in ("size", "fits", "decided by", "items", "options", "nodes", "updates", "seconds"):
        table.add_column(name, justify="left" if name == "decided by" else "right")
    for attempt in answer.attempts:
        fits = {True: "yes", False: "no", None: "unknown"}[attempt.solved]
        table.add_row(
            f"{attempt.size}x{attempt.size}",
            fits,
            attempt.decided_by,
            str(attempt.items),
            str(attempt.options),
            f"{attempt.stats.nodes:,}",
            f"{attempt.stats.updates:,}",
            f"{attempt.stats.seconds:.3f}",
        )
    return table


def canonical_table(counters: CanonicalStats) -> Table:
    """The canonical placement at the size that fits: oracle calls, repairs, states cut off by
    a failure kept (`dominated`), effort."""
    table = Table(title="Canonical placement")
    for name in (
        "oracle calls",
        "repairs (found)",
        "dominated",
        "nodes",
        "updates",
        "seconds",
    ):
        table.add_column(name, justify="right")
    table.add_row(
        f"{counters.oracle_calls:,}",
        f"{counters.repairs:,} ({counters.repaired:,})",
        f"{counters.dominated:,}",
        f"{counters.nodes:,}",
        f"{counters.updates:,}",
        f"{counters.seconds:.3f}",
    )
    return table


def settled_table(counters: CanonicalStats) -> Table:
    """The questions a search settled, by the order and core that settled them, and how many of
    them raced on two cores."""
    table = Table(title="Questions settled (core 0: the first, 1: the second)")
    for name in ("settled by", "core", "questions", "raced"):
        table.add_column(name, justify="right")
    counts: dict[tuple[str, int], int] = {}
    for question in counters.settled:
        counts[question] = counts.get(question, 0) + 1
    for (order, core), count in sorted(counts.items()):
        raced = sum(race == (order, core) for race in counters.races)
        table.add_row(order, str(core), f"{count:,}", f"{raced:,}")
    return table


def groups_table(pieces: Sequence[Piece]) -> Table:
    """The pieces grouped by identical shape."""
    table = Table(title="Pieces", show_lines=True)
    table.add_column("shape")
    table.add_column("pieces")
    for group in identical_groups(list(pieces)):
        table.add_row(pieces[group[0]].picture(), " ".join(letter(i) for i in group))
    return table


def show(console: Console, answer: Answer, *, colour: bool) -> None:
    """Print the tables and the final square.

    >>> from io import StringIO
    >>> from fillit.solver.arrange import arrange_fast
    >>> out = StringIO()
    >>> answer = arrange_fast([Piece(((0, 0), (0, 1), (1, 0), (1, 1)))])
    >>> show(Console(file=out, width=100), answer, colour=False)
    >>> out.getvalue().splitlines()[-4:]
    ['Smallest square: 2x2', 'AA', 'AA', '']
    """
    extra = answer.canonical or CanonicalStats()
    total_nodes = sum(a.stats.nodes for a in answer.attempts) + extra.nodes
    total_updates = sum(a.stats.updates for a in answer.attempts) + extra.updates
    total_seconds = sum(a.stats.seconds for a in answer.attempts) + extra.seconds
    headline = Text(
        f"{len(answer.pieces)} pieces; {total_nodes:,} nodes, {total_updates:,} updates "
        f"in {total_seconds:.3f} s ({core_name()} core)"
    )
    parts: list[Table | Text] = [headline, attempts_table(answer)]
    if answer.canonical is not None:
        parts.append(canonical_table(answer.canonical))
        if answer.canonical.settled:
            parts.append(settled_table(answer.canonical))
    parts.append(groups_table(answer.pieces))
    if answer.solved:
        parts.append(Text(f"Smallest square: {answer.size}x{answer.size}"))
        parts.append(render.coloured(answer) if colour else Text(render.plain(answer)))
    console.print(Group(*parts))
