"""`--zdd` and the options that go with it, as typer reads them for `dlx solve` and `dlx tile`;
what a `--zdd` run does is `dlx.cli.zdd`'s (without typer: `dlx solve --zdd` starts plainly).

`--count` prints the exact number, however large; `--random K` prints K solutions drawn
uniformly at random (`--seed S` makes the draw repeatable); with neither, the solutions are
listed from the ZDD in search order (`--limit` still applies). `--zdd-out PATH` writes the ZDD in
the text DLX6 prints; `--memo-mb` caps the memo; `--zdd-choose` names the item choice (by
default `auto`: a short probe picks the frontier or MRV, see `dlx.zdd`); `--stats` adds the
memo's hits, entries and bytes, the choice taken and the ZDD's size. `--max-nodes`, `--jobs`
and `--json` do not combine with it (exit 2).
"""

# Without `from __future__ import annotations`, as in dlx.cli.app (typer reads these at start).

from enum import StrEnum
from pathlib import Path
from typing import Annotated, NamedTuple

import typer

from dlx.cli.common import option_group
from dlx.cli.output import fail
from dlx.cli.zdd import MEMO_MB, ZddAsked

ZddOpt = Annotated[
    bool, typer.Option("--zdd", help="Build a ZDD of all solutions (Knuth's DLX6): exact counts.")
]
ZddOutOpt = Annotated[
    Path | None, typer.Option("--zdd-out", help="With --zdd: write the ZDD in DLX6's text.")
]
RandomOpt = Annotated[
    int | None,
    typer.Option("--random", min=1, metavar="K", help="With --zdd: K uniformly random solutions."),
]
SeedOpt = Annotated[int | None, typer.Option("--seed", help="With --random: repeatable draws.")]
MemoMbOpt = Annotated[
    float,
    typer.Option("--memo-mb", min=1, help="With --zdd: the memo's cap in MB (counts stay exact)."),
]


class ZddChoose(StrEnum):
    """`--zdd-choose`: `dlx.zdd`'s `choose`."""

    AUTO = "auto"
    FRONTIER = "frontier"
    MRV = "mrv"
    SWEEP = "sweep"
    RCM = "rcm"


ZddChooseOpt = Annotated[
    ZddChoose,
    typer.Option(
        "--zdd-choose",
        case_sensitive=False,
        help="With --zdd: the item to branch on: auto (short probes pick an order below, or "
        "mrv), frontier (the items' order; dlx tile: lines along the board's short side), mrv "
        "(fewest options, as DLX6), sweep or rcm (orders derived from the options: Cuthill-"
        "McKee over the closest ties, reverse Cuthill-McKee over all).",
    ),
]


class ZddOptions(NamedTuple):
    """`--zdd` and the options that go with it."""

    build: bool = False
    out: Path | None = None
    random: int | None = None
    seed: int | None = None
    memo_mb: float = MEMO_MB
    choose: ZddChoose = ZddChoose.AUTO

    @property
    def wanted(self) -> bool:
        """Whether any of them is given (an option without `--zdd` is then refused)."""
        others = self.random is not None or self.seed is not None or bool(self.out)
        return self.build or others or self.choose != ZddChoose.AUTO

    def asked(self, count: bool, limit: int | None, stats: bool, timeout: float | None) -> ZddAsked:
        """What the run is asked, with the command's own `--count`, `--limit`, `--stats` and
        `--timeout`."""
        return ZddAsked(
            count=count,
            limit=limit,
            stats=stats,
            timeout=timeout,
            out=self.out,
            random=self.random,
            seed=self.seed,
            memo_mb=self.memo_mb,
            choose=self.choose.value,
        )


NO_ZDD = ZddOptions()
"""The default of a command's `zdd` parameter, which `zdd_options` replaces by the options."""

zdd_options = option_group(
    "zdd",
    ZddOptions,
    (
        ("zdd", ZddOpt, False),
        ("zdd_out", ZddOutOpt, None),
        ("random", RandomOpt, None),
        ("seed", SeedOpt, None),
        ("memo_mb", MemoMbOpt, MEMO_MB),
        ("zdd_choose", ZddChooseOpt, ZddChoose.AUTO),
    ),
)
"""A command whose parameter `zdd: ZddOptions` stands for `--zdd`, `--zdd-out`, `--random`,
`--seed`, `--memo-mb` and `--zdd-choose`."""


def refuse_others(asked: ZddAsked, zdd: bool, **others: object) -> None:
    """Exit 2 when an option that `--zdd` does not take is given (named by its flag), or
    `--random`, `--seed`, `--zdd-out`, `--zdd-choose` without `--zdd`."""
    if not zdd:
        raise fail("--random, --seed, --zdd-out and --zdd-choose go with --zdd", 2)
    for flag, value in others.items():
        if value not in (None, False):
            raise fail(f"--{flag.replace('_', '-')} does not combine with --zdd", 2)
    if asked.count and asked.random is not None:
        raise fail("--count and --random: give one or the other", 2)
    if asked.seed is not None and asked.random is None:
        raise fail("--seed goes with --random", 2)
