"""The links of a problem as numbers, in both cores, to check that a search restores them."""

from __future__ import annotations

from typing import Any

from dlx import Problem
from dlx.engines.links.engine import COMPILED as LINKS_COMPILED
from dlx.engines.links.engine import compiled_links
from dlx.engines.links.twin import links_of


def links_state(problem: Problem[Any]) -> tuple[object, ...]:
    """Every link, length, bound and colour of the problem's pure-Python links and, when it was
    built, of its compiled core's arrays (purifying marks nodes by their colour)."""
    links = links_of(problem)
    python = (links.snapshot(), [node.colour for node in links.nodes])
    return (python, compiled_links(problem).snapshot()) if LINKS_COMPILED else (python,)
