"""Which colour each piece of a picture gets, so that pieces that touch are told apart: a greedy
colouring of the pieces' adjacency graph from a fixed palette, the same on the terminal and in SVG
pictures (`dlx.pictures.squares.board_colours`, `dlx.pictures.svg`, `fillit.render`); a colour of
its own for each piece where a picture has at most 24 (`piece_colours`).

The palette's colours come from Paul Tol's and Okabe and Ito's schemes, made to stay apart for
colour-blind eyes too, and are chosen so that any two of them are at least delta E 20 apart by
both CIE76 and CIEDE2000 (`dlx.pictures.delta_e`): whenever two touching pieces get different
colours, a person sees them as different. Ten colours cannot all stay apart for red-green
colour-blind eyes, so among the free colours a piece prefers those such eyes also tell from its
neighbours' (CIEDE2000 of at least CONFUSED as `as_dichromat` sees them).

Nothing here knows of grids: a front-end with triangles or hexagons builds its own adjacency graph
and calls `colour_graph` (and `ink` for its labels, `BORDER` for its lines).

>>> colour_graph({"A": ["B"], "B": ["A", "C"], "C": ["B"]})
{'A': '#77aadd', 'B': '#ee8866', 'C': '#44bb99'}
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

from dlx.pictures.delta_e import DICHROMATS, as_dichromat, delta_e_2000, luminance, srgb_to_lab

Node = TypeVar("Node", bound=Hashable)

PALETTE = (
    "#77aadd",  # light blue (Tol, light)
    "#ee8866",  # light orange (Tol, light)
    "#44bb99",  # mint (Tol, light)
    "#f0e442",  # yellow (Okabe-Ito)
    "#aa4499",  # purple (Tol, muted)
    "#e69f00",  # orange (Okabe-Ito)
    "#0072b2",  # blue (Okabe-Ito)
    "#999933",  # olive (Tol, muted)
    "#228833",  # green (Tol, bright)
    "#cc3311",  # red (Tol, vibrant)
)
"""Fills any two of which are at least delta E 20 apart (CIE76 and CIEDE2000), all lighter than
the border and apart from the white of empty cells, in the order they are first used."""
OWN_PALETTE = (
    *PALETTE,
    "#ffbbff",  # pink
    "#665522",  # dark olive
    "#66ff66",  # light green
    "#006666",  # teal
    "#66eeff",  # light cyan
    "#ff1166",  # rose
    "#aa77ff",  # lavender
    "#5544dd",  # indigo
    "#993344",  # wine
    "#aa6600",  # brown
    "#cc8899",  # mauve
    "#bbcc99",  # sage
    "#0099aa",  # sea blue
    "#ffccaa",  # peach
)
"""A colour of its own for each piece of a picture of at most 24: PALETTE, then 14 colours each
chosen as far as could be (CIEDE2000) from those before it, with the same rules (apart from
white, lighter than the border, readable ink) and a chroma of at least 25: any two at least
delta E 17 apart by both measures (24 colours cannot all keep 20; neighbours still do, where a
free colour allows)."""
NEAR = 20.0
"""The delta E under which two touching pieces' colours are too alike (PALETTE keeps it)."""
CONFUSED = 10.0
"""The CIEDE2000 difference, as a dichromat sees two colours, under which they are confused."""
BORDER = "#1a1a1a"
"""The colour of the lines between pieces and around the board: darker than every fill."""
DARK_INK, LIGHT_INK = "#1a1a1a", "#ffffff"
"""Label colours: dark on light fills, white on dark ones."""


def colour_graph(
    graph: Mapping[Node, Iterable[Node]], palette: Sequence[str] = PALETTE
) -> dict[Node, str]:
    """A colour from `palette` for each node of `graph` (node -> its neighbours; one direction
    is enough), no two neighbours alike while a node has fewer coloured neighbours than the
    palette has colours. Deterministic: nodes are coloured in smallest-last order (ties in the
    mapping's order), each with a free colour, preferring one that colour-blind eyes tell from
    its neighbours', then the one used least so far, then the first in the palette.

    >>> colour_graph({1: [2, 3], 2: [3], 3: []}, palette=["#000000", "#ffffff", "#ff0000"])
    {1: '#000000', 2: '#ffffff', 3: '#ff0000'}
    """
    if not palette:
        raise ValueError("a palette needs at least one colour")
    neighbours = symmetric(graph)
    colours: dict[Node, str] = {}
    uses = dict.fromkeys(palette, 0)
    confused = confusions(tuple(palette))
    for node in smallest_last(neighbours):
        taken = [colours[other] for other in neighbours[node] if other in colours]
        choice = min(
            palette,
            key=lambda c: (
                taken.count(c),
                sum(frozenset((c, t)) in confused for t in taken),
                uses[c],
                palette.index(c),
            ),
        )
        colours[node] = choice
        uses[choice] += 1
    return {node: colours[node] for node in neighbours}


def piece_colours(graph: Mapping[Node, Iterable[Node]]) -> dict[Node, str]:
    """A colour for each piece of a picture (`graph`: piece -> the pieces it touches): one of
    its own from OWN_PALETTE where there are at most 24 pieces, so that a swatch alone tells a
    piece; else `colour_graph`'s, neighbours told apart. Each piece, in smallest-last order,
    takes the first free colour at least NEAR from its coloured neighbours' and told from them
    by colour-blind eyes, else the one that fails the fewest of them.

    >>> piece_colours({"A": ["B"], "B": ["C"], "C": []})
    {'A': '#77aadd', 'B': '#ee8866', 'C': '#44bb99'}
    """
    neighbours = symmetric(graph)
    if len(neighbours) > len(OWN_PALETTE):
        return colour_graph(graph)
    colours: dict[Node, str] = {}
    free = list(OWN_PALETTE)
    confused = confusions(OWN_PALETTE)
    for node in smallest_last(neighbours):
        taken = [colours[other] for other in neighbours[node] if other in colours]
        choice = min(
            free,
            key=lambda c: (
                sum(_apart(c, t) < NEAR for t in taken),
                sum(frozenset((c, t)) in confused for t in taken),
                free.index(c),
            ),
        )
        colours[node] = choice
        free.remove(choice)
    return {node: colours[node] for node in neighbours}


@functools.cache
def _apart(one: str, two: str) -> float:
    """CIEDE2000 between two colours."""
    return delta_e_2000(srgb_to_lab(one), srgb_to_lab(two))


@functools.cache
def confusions(palette: tuple[str, ...]) -> frozenset[frozenset[str]]:
    """The pairs of `palette` that protanopes or deuteranopes confuse (`CONFUSED`)."""
    return frozenset(
        frozenset(pair)
        for pair in itertools.combinations(palette, 2)
        if any(_dichromat_difference(*pair, kind) < CONFUSED for kind in DICHROMATS)
    )


def _dichromat_difference(one: str, two: str, kind: str) -> float:
    """CIEDE2000 of two colours as the dichromat `kind` sees them."""
    return delta_e_2000(srgb_to_lab(as_dichromat(one, kind)), srgb_to_lab(as_dichromat(two, kind)))


def symmetric(graph: Mapping[Node, Iterable[Node]]) -> dict[Node, list[Node]]:
    """Each node's neighbours either way round, in first-mention order, without itself."""
    neighbours: dict[Node, list[Node]] = {node: [] for node in graph}
    for node, others in graph.items():
        for other in others:
            neighbours.setdefault(other, [])
            if other != node and other not in neighbours[node]:
                neighbours[node].append(other)
                neighbours[other].append(node)
    return neighbours


def smallest_last(neighbours: Mapping[Node, Sequence[Node]]) -> list[Node]:
    """The nodes in an order where each has as few neighbours before it as can be guaranteed
    (at most the graph's degeneracy: 5 for a planar graph): repeatedly set aside a node of
    fewest remaining neighbours (the last such), then reverse; a graph with no edges keeps its
    order."""
    degree = {node: len(others) for node, others in neighbours.items()}
    removed: list[Node] = []
    while degree:
        node = min(reversed(degree), key=degree.__getitem__)
        del degree[node]
        removed.append(node)
        for other in neighbours[node]:
            if other in degree:
                degree[other] -= 1
    return removed[::-1]


def ink(fill: str) -> str:
    """The label colour readable on `fill`: whichever of the dark and the light ink has the
    higher WCAG contrast ratio with it.

    >>> ink("#f0e442"), ink("#0072b2")
    ('#1a1a1a', '#ffffff')
    """
    shade = luminance(fill)
    dark = (shade + 0.05) / (luminance(DARK_INK) + 0.05)
    light = (luminance(LIGHT_INK) + 0.05) / (shade + 0.05)
    return DARK_INK if dark >= light else LIGHT_INK
