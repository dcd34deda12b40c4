"""Benchmark: updates per second of the dlx engine beside Knuth's DLX1 on the same files.

Run: `.venv/bin/python tests/benchmarks/bench_dlx.py [FILE.dlx ...]` (default: queens12 and
pent8x8_hole from ../shared/dlx-reference). It prints solutions, updates and nodes beside DLX1's
(they must be equal) and the speed of each, so the ratio is measured in one run. Exit 1 when a count
differs from DLX1's.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from dlx import Stats, solve
from dlx.knuth import read_dlx

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "dlx-reference"
DEFAULT = ["queens12.dlx", "pent8x8_hole.dlx"]


def dlx1_table(readme: Path) -> dict[str, tuple[int, int, int, str]]:
    """File name -> (solutions, updates, nodes, DLX1 wall time) from the reference README."""
    rows: dict[str, tuple[int, int, int, str]] = {}
    for line in readme.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[1].isdigit():
            name = cells[0].split()[0]
            rows[name] = (int(cells[1]), int(cells[2]), int(cells[3]), cells[4])
    return rows


def dlx1_seconds(text: str) -> float | None:
    """DLX1's time as a number of seconds ('0.54 s' -> 0.54; '< 0.01 s' -> None)."""
    match = re.fullmatch(r"([\d.]+) s", text)
    return float(match.group(1)) if match else None


def main(names: list[str]) -> int:
    table = dlx1_table(REFERENCE / "README.md")
    header = f"{'file':18} {'solutions':>9} {'updates':>11} {'nodes':>8} {'seconds':>8}"
    print(header + f" {'Mupd/s':>7} {'DLX1 s':>7} {'DLX1 Mupd/s':>11} {'ratio':>6}  counts")
    failed = False
    for name in names:
        path = Path(name) if Path(name).exists() else REFERENCE / name
        stats = Stats()
        found = sum(1 for _ in solve(read_dlx(path).problem, stats=stats))
        rate = stats.updates / stats.seconds / 1e6
        line = f"{path.name:18} {found:>9} {stats.updates:>11} {stats.nodes:>8} "
        line += f"{stats.seconds:>8.2f} {rate:>7.2f}"
        known = table.get(path.name)
        if known is None:
            print(line + "  (no DLX1 figures)")
            continue
        same = (found, stats.updates, stats.nodes) == known[:3]
        failed |= not same
        seconds = dlx1_seconds(known[3])
        if seconds is None:
            line += f" {known[3]:>7} {'':>11} {'':>6}"
        else:
            dlx1_rate = known[1] / seconds / 1e6
            line += f" {seconds:>7.2f} {dlx1_rate:>11.1f} {stats.seconds / seconds:>5.0f}x"
        print(line + ("  same as DLX1" if same else f"  DIFFER: DLX1 {known[:3]}"), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or DEFAULT))
