"""Benchmark: the memory of a problem's links per node, for short and long options.

Run: `.venv/bin/python tests/benchmarks/bench_memory.py`. For options of 4 to 20,000 items (the
same total length, 200,000 nodes, each time) it prints the bytes the links take per node, as
tracemalloc counts them, beside the 4-item options' figure measured in the same run: memory
linear in the input keeps the ratio near 1 whatever the options' length (the few headers'
share grows a little with it). Before the links kept tuples of each node's partners, the same
program measured 361, 1218 and 9885 bytes per node for 4, 40 and 400 items: growing with the
length. Exit 1 when a ratio passes 2.
"""

from __future__ import annotations

import sys
import tracemalloc

from dlx import Problem
from dlx.engines.links.twin import links_of

TOTAL = 200_000
LENGTHS = [4, 40, 400, 4000, 20_000]


def links_bytes_per_node(length: int) -> float:
    """Bytes per node of the links of TOTAL // length options of `length` items each."""
    problem: Problem[int] = Problem(range(length))
    for key in range(TOTAL // length):
        problem.add_option(key, range(length))
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        links_of(problem)
        return (tracemalloc.get_traced_memory()[0] - before) / TOTAL
    finally:
        tracemalloc.stop()


def main() -> int:
    reference = links_bytes_per_node(LENGTHS[0])
    print(f"{'option length':>14} {'options':>8} {'bytes/node':>11} {'ratio':>6}")
    worst = 0.0
    for length in LENGTHS:
        per_node = reference if length == LENGTHS[0] else links_bytes_per_node(length)
        worst = max(worst, per_node / reference)
        print(f"{length:>14} {TOTAL // length:>8} {per_node:>11.1f} {per_node / reference:>6.2f}")
    return 0 if worst <= 2 else 1


if __name__ == "__main__":
    sys.exit(main())
