"""Benchmark: how many calls a `dlx` command makes from its entry point to the engine's core.

Run: `.venv/bin/python tests/benchmarks/bench_call_depth.py [--base DIR] -- tile --count FILE`.
It runs the command in this process under a profiling hook and prints the Python frames from
`dlx.cli.entry.dlx` down to the first call of a core's search (`search_bitset`, `search_links`,
`search_cells`, `search_m`), their number, and with `--base DIR` (another checkout, say
`git worktree add /tmp/before HEAD~3`) the same for that checkout. Issue 56 reports it for
`dlx tile`: a thin command line reaches the core in few calls of its own.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CORES = {"search_bitset", "search_links", "search_cells", "search_m"}


def frames(argv: list[str]) -> list[str]:
    """The frames from the entry point to the first core search of `dlx argv`, in this
    process (the checkout first on `sys.path`)."""
    found: list[str] = []

    def hook(frame: FrameType, event: str, arg: Any) -> None:
        name = frame.f_globals.get("__name__", "")
        if found or event != "call" or not name.startswith("dlx.engines."):
            return
        if frame.f_code.co_name not in CORES:
            return
        stack, at = [], frame
        while at is not None:
            stack.append(f"{at.f_globals.get('__name__')}.{at.f_code.co_name}")
            at = at.f_back
        stack.reverse()
        start = stack.index("dlx.cli.entry.dlx")
        if not any("<module>" in s or s.startswith("importlib") for s in stack[start:]):
            found.extend(stack[start:])

    sys.argv = ["dlx", *argv]
    sys.setprofile(hook)
    try:
        from dlx.cli.entry import dlx

        dlx()
    except SystemExit:
        pass
    finally:
        sys.setprofile(None)
    return found


def measured(root: Path, argv: list[str]) -> list[str]:
    """`frames` of `argv` run in a fresh process on the checkout at `root`."""
    here = ROOT / "tests" / "benchmarks"
    code = (
        f"import sys; sys.path[:0] = [{str(root)!r}, {str(here)!r}]\n"
        "import bench_call_depth\n"
        f"print('\\n'.join(bench_call_depth.frames({argv!r})), file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=False
    )
    return [line for line in done.stderr.splitlines() if line.startswith(("dlx.", "typer."))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="another checkout to measure beside this one")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the dlx command's arguments")
    options = parser.parse_args()
    argv = [word for word in options.command if word != "--"]
    for label, root in [("this", ROOT), ("base", options.base)]:
        if root is None:
            continue
        stack = measured(root.resolve(), argv)
        own = [frame for frame in stack if frame.startswith("dlx.")]
        print(f"{label}: {len(stack) - 1} calls to the core, {len(own) - 1} of them dlx's own")
        print("".join(f"  {frame}\n" for frame in stack), end="")


if __name__ == "__main__":
    main()
