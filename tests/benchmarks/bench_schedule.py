"""Benchmark: what the parallel schedule itself allows N workers, simulated in one process.

Run: `.venv/bin/python tests/benchmarks/bench_schedule.py [FILE ...] [--workers 2 4 8 16]
[--engine cells|links] [--slice S] [--latency MS]`.

A machine with as many cores as workers is not always at hand, and a shared one measures noise.
This runs the real schedule (`dlx.parallel.schedule.outcomes`) and the real search of every
part (`dlx.parallel.searching.search`) one part at a time in this process, on a clock of its
own: each of N simulated workers takes the next part sent as soon as it is free, for the
processor seconds the part's search took here (its thread's time: other work on the machine
does not count), plus the processor seconds of pickling the part and its outcome and a fixed
`--latency` each way; the parent's turn between two outcomes takes the processor seconds the
schedule spent here. The time slice (`--slice`, default `dlx.parallel.SLICE`) is turned into
nodes by the sequential search's rate, measured first, so that the parts are cut as a free
machine's clock would cut them. What it prints for each N: the simulated seconds, the
efficiency against the sequential search's processor seconds (seq / (N x time)), the parts sent
and each worker's idle seconds (start, between parts, end), and the per-part processor seconds
the workers and the parent spent beside the search. What it leaves out is the machine: a shared
clock, caches, memory (`bench_scaling.py`'s control measures those on a real machine). Counts
are checked against the sequential search's (exit 1 if one differs). FILE defaults to the
pentominoes 6x10 that `bench_scaling.py` writes.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import tempfile
import time
from concurrent.futures import Future
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent)]

import dlx.parallel.schedule as schedule  # noqa: E402
from dlx import Stats, count  # noqa: E402
from dlx.knuth import read_dlx  # noqa: E402
from dlx.parallel import SLICE, Outcome, Part, Report, Settings  # noqa: E402
from dlx.parallel.searching import _asked, _run, search  # noqa: E402


@dataclass
class Clock:
    """The simulated time: now (the parent's), when each worker is free, the work beside the
    search (workers' and parent's processor seconds)."""

    now: float
    free: list[float]
    sent: float = 0.0  # processor seconds of pickling parts and outcomes
    parent: float = 0.0  # processor seconds of the schedule between outcomes


@dataclass(frozen=True)
class Model:
    """Processor seconds as a fixed model (`--model`) rather than as measured part by part, so
    that two runs of the simulation, and two schedules, give exactly the same figures: a part's
    search costs its updates at the sequential search's rate, plus a price for each subtree it
    started and each option given on the way down to one, plus one for the part itself (sent
    and sent back), and the parent's turn a price per outcome."""

    update: float
    subtree: float
    given: float
    part: float
    parent: float

    def search(self, outcome: Outcome) -> float:
        """What searching the part of `outcome` cost a worker."""
        subtrees = [*outcome.searched, *outcome.expanded]
        given = sum(len(prefix) for prefix in subtrees)
        return outcome.updates * self.update + len(subtrees) * self.subtree + given * self.given


class Simulated:
    """A pool of `workers` simulated workers (the `Pool` the schedule sends to): each part is
    searched here at once, and its future is done at the simulated time its worker would
    finish it (`ends`)."""

    slice = SLICE

    def __init__(self, problem: Any, workers: int, latency: float, model: Model | None) -> None:
        self.problem, self.workers, self.latency, self.model = problem, workers, latency, model
        self.clock = Clock(0.0, [0.0] * workers)
        self.ends: dict[Future[Outcome], float] = {}
        self.inside = 0.0  # processor seconds spent in `submit`, which the parent does not

    def submit(self, part: Part, settings: Settings) -> Future[Outcome]:
        started = time.thread_time()
        sent = pickle.loads(pickle.dumps((part, settings)))
        searching = time.thread_time()
        outcome = search(self.problem, *sent)
        cost = time.thread_time() - searching
        outcome = pickle.loads(pickle.dumps(outcome))
        trips = time.thread_time() - started - cost
        if self.model is not None:
            cost, trips = self.model.search(outcome), self.model.part
        self.clock.sent += trips
        worker = min(range(self.workers), key=self.clock.free.__getitem__)
        begin = max(self.clock.now + self.latency, self.clock.free[worker])
        self.clock.free[worker] = begin + trips + cost
        outcome.worker, outcome.began, outcome.busy = str(worker), begin, trips + cost
        outcome.cpu = outcome.busy
        future: Future[Outcome] = Future()
        future.set_result(outcome)
        self.ends[future] = self.clock.free[worker] + self.latency
        self.inside += time.thread_time() - started
        return future

    def replace(self) -> bool:
        return False

    def close(self) -> None:
        """Nothing runs."""


def simulate(
    problem: Any, workers: int, settings: Settings, latency: float, model: Model | None = None
) -> tuple[Report, Clock]:
    """A parallel count of `problem` on `workers` simulated workers: its report (on the
    simulated clock) and the clock."""
    pool = Simulated(problem, workers, latency, model)
    report = Report()
    turn = [time.thread_time(), 0.0]  # the last turn's end, and `pool.inside` then

    def first_done(
        running: dict[Future[Outcome], Part], return_when: str
    ) -> tuple[set[Any], set[Any]]:
        """The part in flight that ends first, the clock moved on to then; the schedule's own
        turn since the last one (the parts searched left out) is the parent's."""
        spent = time.thread_time() - turn[0] - (pool.inside - turn[1])
        spent = spent if model is None else model.parent
        first = min(running, key=pool.ends.__getitem__)
        pool.clock.parent += spent
        pool.clock.now = max(pool.clock.now + spent, pool.ends.pop(first))
        turn[:] = [time.thread_time(), pool.inside]
        return {first}, set(running) - {first}

    original = vars(schedule)["wait"]  # (the schedule's wait, taken over meanwhile)
    vars(schedule)["wait"] = first_done
    try:
        for outcome in schedule.outcomes(problem, pool, settings, report=report):
            report.add(outcome)
    finally:
        vars(schedule)["wait"] = original
    report.timing.began, report.timing.ended = 0.0, pool.clock.now
    report.timing.workers = workers
    return report, pool.clock


def calibrate(problem: Any, engine: str, seq: float, updates: int, parent: float) -> Model:
    """The model's prices, measured here: an update at the sequential search's rate; a subtree
    started and stopped after one node, at the root and below the options a budget stopped a
    search at (the difference is the price of the options given); a part and its outcome
    pickled and read back; the parent's turn as given."""
    settings = Settings(solutions=False, engine=engine)
    asked = _asked(problem, settings)
    stopped = search(problem, Part((), (), 1.0), replace(settings, budget=5000))
    deep = stopped.stop or ()

    def each(prefix: tuple[int, ...], reps: int = 400) -> float:
        started = time.thread_time()
        for _ in range(reps):
            _run(problem, asked, prefix, 1, None)
        return (time.thread_time() - started) / reps

    shallow, far = each(()), each(deep)
    started = time.thread_time()
    for _ in range(400):
        pickle.loads(pickle.dumps((Part((), deep, 0.1), settings)))
        pickle.loads(pickle.dumps(stopped))
    part = (time.thread_time() - started) / 400
    given = max(far - shallow, 0.0) / max(len(deep), 1)
    return Model(seq / updates, shallow, given, part, parent)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--workers", type=int, nargs="+", default=[2, 4, 8, 16])
    parser.add_argument("--engine", default="cells", choices=["cells", "links"])
    parser.add_argument("--slice", type=float, default=SLICE)
    parser.add_argument("--latency", type=float, default=0.1, help="ms each way")
    parser.add_argument("--model", action="store_true", help="fixed prices, not measured")
    parser.add_argument("--parent", type=float, default=0.07, help="ms a turn (--model)")
    args = parser.parse_args(argv)
    files = args.files
    if not files:
        from bench_scaling import PROBLEMS

        files = [Path(tempfile.mkdtemp()) / "pent6x10.dlx"]
        files[0].write_text(PROBLEMS["pent6x10"][0]())
    wrong = False
    heads = ["problem", "workers", "simulated s", "efficiency", "work / seq", "parts sent"]
    heads += ["idle a worker: start", "between", "end", "pickling a part", "parent a part"]
    print("| " + " | ".join(heads) + " |\n|" + "---|" * len(heads))
    for file in files:
        problem = read_dlx(str(file)).problem
        stats = Stats()
        started = time.thread_time()
        expected = count(problem, engine=args.engine, stats=stats)
        seq = time.thread_time() - started
        budget = max(1, round(stats.nodes / seq * args.slice))
        settings = Settings(solutions=False, engine=args.engine, budget=budget)
        model = None
        if args.model:
            model = calibrate(problem, args.engine, seq, stats.updates, args.parent / 1000)
            print(f"<!-- {model} -->")
        print(f"| {file.stem}: {expected:,} | 1 | {seq:.3f} | 100% | 1 | {budget} nodes a slice |")
        for n in args.workers:
            report, clock = simulate(problem, n, settings, args.latency / 1000, model)
            wrong |= report.stats.solutions != expected
            timing = report.timing
            idle = timing.idle()
            mean = [sum(getattr(i, k) for i in idle) / n for k in ("start", "between", "end")]
            sent = max(timing.sent, 1)
            cells = [file.stem, str(n), f"{clock.now:.3f}", f"{100 * seq / (n * clock.now):.1f}%"]
            work = sum(done.busy for done in timing.worked.values()) / seq
            cells += [f"{work:.3f}", f"{timing.sent} ({report.parts} subtrees)"]
            cells += [f"{m:.3f} s" for m in mean]
            cells += [f"{1e3 * clock.sent / sent:.3f} ms", f"{1e3 * clock.parent / sent:.3f} ms"]
            print("| " + " | ".join(cells) + " |", flush=True)
    if wrong:
        print("a count differs from the sequential search's", file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
