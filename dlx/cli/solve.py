"""How does `dlx solve FILE` run, without typer? One path for the typer command (`dlx.cli.app`)
and the plain start (`dlx.cli.plain`): read Knuth's format, search on one engine (or through a
ZDD, `dlx.cli.zdd`), print each solution's option lines, their number or one JSON object, and
end as every command ends (`dlx.cli.output`). The parallel search is `dlx.cli.parallel`'s.
"""

from __future__ import annotations

from dlx.cli.output import Held, budget, end, guarded, read_input, write_solution
from dlx.programs.ending import Clock
from dlx.programs.live import live_line
from dlx.stats import Stats

TYPE_CHECKING = False  # as typing's, which `dlx solve` need not load
if TYPE_CHECKING:
    from dlx.knuth import DlxFile


def read_file(file: str) -> DlxFile:
    """The Knuth-format problem of `file` (`-`: standard input); bad input exits 1."""
    from dlx.knuth import MAX_BYTES, decode, parse_dlx

    with guarded():
        return parse_dlx(decode(read_input(file, MAX_BYTES)))


def option_lines(problem_file: DlxFile, keys: tuple[int, ...] | list[int]) -> list[str]:
    """A solution's options as the file wrote them."""
    return [problem_file.option_text(key) for key in keys]


def solve_file(
    file: str,
    *,
    count: bool = False,
    limit: int | None = None,
    stats: bool = False,
    as_json: bool = False,
    timeout: float | None = None,
    max_nodes: int | None = None,
    engine: str = "links",
) -> None:
    """`dlx solve FILE` on one engine: each solution's option lines as found (held until the
    search ends where a budget may stop it, or for `--json`), or their number; `--stats` on
    standard error; no solution exits 1, a budget 3. Listing without statistics to show takes
    the compiled cores' batches."""
    from dlx import count as count_solutions
    from dlx import solve

    counters = Stats()
    if as_json:
        from dlx.cli.output import json_at_stop

        json_at_stop(counters)
    with Clock(timeout) as clock:
        problem = read_file(file)
        if stats:
            from dlx.cli.output import partial_at_stop

            partial_at_stop(counters, stats)
        texts = Held()
        hold = as_json or timeout is not None or max_nodes is not None
        found = 0
        with guarded(), live_line(printing=not (count or hold)) as line:
            keywords = budget(counters, clock, max_nodes, limit, line)
            if count:  # counted inside the search: no solution leaves it
                found = count_solutions(problem.problem, engine=engine, **keywords)
            else:
                if not (hold or stats):  # no one looks between two solutions: batches
                    del keywords["stats"]
                for solution in solve(problem.problem, engine=engine, **keywords):
                    found += 1
                    if hold:
                        texts.hold(option_lines(problem, solution))
                    else:
                        write_solution(option_lines(problem, solution), found)
    end(found, texts, counters, count=count, show_stats=stats, as_json=as_json)
