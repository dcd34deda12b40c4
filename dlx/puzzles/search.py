"""The search keywords a puzzle's `boards` passes on to `dlx.solve`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from dlx.stats import Stats


class Search(TypedDict, total=False):
    """`limit`, `stats`, `max_nodes`, `timeout` and `progress`, with the meanings `dlx.solve`
    gives them."""

    limit: int | None
    stats: Stats | None
    max_nodes: int | None
    timeout: float | None
    progress: Callable[[Stats], None] | None
