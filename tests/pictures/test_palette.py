"""Colours that tell neighbours apart (`dlx.pictures.palette`, `dlx.pictures.delta_e`): the colour
differences against Sharma, Wu and Dalal's published CIEDE2000 test data, the palette's spacing,
and the greedy colouring of any graph (grids, but also the triangles and hexagons of a tiling)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx.pictures.delta_e import (
    DICHROMATS,
    as_dichromat,
    channels,
    delta_e_76,
    delta_e_2000,
    luminance,
    srgb_to_lab,
)
from dlx.pictures.palette import (
    BORDER,
    NEAR,
    OWN_PALETTE,
    PALETTE,
    colour_graph,
    confusions,
    ink,
    piece_colours,
    smallest_last,
    symmetric,
)

SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0009), 7.1792),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
]
"""Pairs of Lab colours and their CIEDE2000 difference, from the paper's table."""


def apart(one: str, two: str) -> float:
    """The smaller of the CIE76 and CIEDE2000 differences of two '#rrggbb' colours."""
    lab_one, lab_two = srgb_to_lab(one), srgb_to_lab(two)
    return min(delta_e_76(lab_one, lab_two), delta_e_2000(lab_one, lab_two))


def contrast(one: str, two: str) -> float:
    """The WCAG contrast ratio of two colours."""
    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize(("one", "two", "expected"), SHARMA)
def test_ciede2000_matches_the_published_test_data(
    one: tuple[float, float, float], two: tuple[float, float, float], expected: float
) -> None:
    assert delta_e_2000(one, two) == pytest.approx(expected, abs=1e-4)
    assert delta_e_2000(two, one) == pytest.approx(expected, abs=1e-4)


def test_srgb_to_lab_knows_white_black_and_the_primaries() -> None:
    assert srgb_to_lab("#ffffff") == pytest.approx((100, 0, 0), abs=1e-3)
    assert srgb_to_lab("#000000") == pytest.approx((0, 0, 0), abs=1e-9)
    assert srgb_to_lab("#ff0000") == pytest.approx((53.2408, 80.0925, 67.2032), abs=1e-3)
    assert srgb_to_lab("#0000ff") == pytest.approx((32.2970, 79.1875, -107.8602), abs=1e-3)
    assert delta_e_76((0, 0, 0), (3, 4, 0)) == 5


def test_a_colour_that_is_not_rrggbb_is_refused() -> None:
    with pytest.raises(ValueError, match="rrggbb"):
        channels("red")


def test_any_two_palette_colours_are_delta_e_20_apart_by_both_measures() -> None:
    for one, two in itertools.combinations(PALETTE, 2):
        assert apart(one, two) >= 20, (one, two)
    assert len(set(PALETTE)) == len(PALETTE) >= 9  # a sudoku's nine digits all touch


def test_the_own_colours_begin_with_the_palette_and_stay_17_apart() -> None:
    """24 colours cannot all keep delta E 20; the own colours keep 17 by both measures."""
    assert OWN_PALETTE[: len(PALETTE)] == PALETTE and len(set(OWN_PALETTE)) == 24
    for one, two in itertools.combinations(OWN_PALETTE, 2):
        assert apart(one, two) >= 17, (one, two)


def test_every_fill_stands_apart_from_empty_cells_and_below_the_border() -> None:
    """Fills are delta E 20 from the white of empty cells, and lighter than the border by 20 L*."""
    for fill in OWN_PALETTE:
        assert apart(fill, "#ffffff") >= 20, fill
        assert srgb_to_lab(fill)[0] >= srgb_to_lab(BORDER)[0] + 20, fill


def test_every_fill_takes_an_ink_of_wcag_contrast_4_5_or_more() -> None:
    for fill in OWN_PALETTE:
        assert contrast(ink(fill), fill) >= 4.5, fill
    assert ink("#ffffff") == BORDER and ink("#000000") == "#ffffff"


@pytest.mark.parametrize("kind", sorted(DICHROMATS))
def test_dichromats_see_greys_as_they_are_and_red_near_green(kind: str) -> None:
    for grey in ("#000000", "#808080", "#ffffff"):
        assert apart(as_dichromat(grey, kind), grey) < 1
    red, green = (srgb_to_lab(as_dichromat(c, kind)) for c in ("#d55e00", "#009e73"))
    assert (
        delta_e_2000(red, green) < delta_e_2000(srgb_to_lab("#d55e00"), srgb_to_lab("#009e73")) / 2
    )


def test_a_piece_prefers_a_colour_that_colour_blind_eyes_tell_from_its_neighbours() -> None:
    """Red next to green is confused by deuteranopes: a path through them avoids it."""
    red, green, blue = "#cc3311", "#228833", "#0072b2"
    assert frozenset((red, green)) in confusions((red, green, blue))
    colours = colour_graph({"a": ["b"]}, palette=[red, green, blue])
    assert colours == {"a": red, "b": blue}


# --- colouring any graph -------------------------------------------------------------------------


def assert_proper(graph: dict[object, list[object]], colours: dict[object, str]) -> None:
    """Every node coloured, and neighbours delta E 20 apart."""
    assert set(colours) == set(symmetric(graph))
    for node, others in graph.items():
        for other in others:
            assert apart(colours[node], colours[other]) >= 20, (node, other)


def test_a_complete_graph_of_the_palette_size_takes_every_colour() -> None:
    graph: dict[object, list[object]] = {k: list(range(k)) for k in range(len(PALETTE))}
    colours = colour_graph(graph)
    assert sorted(colours.values()) == sorted(PALETTE)


def test_a_hub_with_more_neighbours_than_colours_is_still_told_apart() -> None:
    """A wheel: a hub touching a ring of 30 (planar, so smallest-last needs few colours)."""
    ring = list(range(30))
    graph: dict[object, list[object]] = {k: [(k + 1) % 30, "hub"] for k in ring}
    assert_proper(graph, colour_graph(graph))


def test_hexagons_are_coloured_as_any_other_graph() -> None:
    """A patch of hexagons in axial coordinates, as a tiling front-end would pass it."""
    cells = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]
    steps = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    graph: dict[object, list[object]] = {
        cell: [(cell[0] + a, cell[1] + b) for a, b in steps if (cell[0] + a, cell[1] + b) in cells]
        for cell in cells
    }
    colours = colour_graph(graph)
    assert_proper(graph, colours)
    assert colours == colour_graph(dict(graph))


def test_nodes_without_edges_take_the_palette_in_order_then_round_again() -> None:
    colours = colour_graph({k: [] for k in range(len(PALETTE) + 2)})
    assert list(colours.values()) == [*PALETTE, *PALETTE[:2]]


def test_an_edge_named_once_binds_both_ends_and_a_loop_is_ignored() -> None:
    assert symmetric({"a": ["b", "a"], "b": []}) == {"a": ["b"], "b": ["a"]}
    assert symmetric({"a": ["c"]}) == {"a": ["c"], "c": ["a"]}


def test_smallest_last_puts_a_planar_hub_first() -> None:
    """In a star, the hub comes first: it then has no coloured neighbour."""
    neighbours = symmetric({"hub": list("abcdef")})
    assert smallest_last(neighbours)[0] == "hub"


def test_an_empty_palette_is_refused() -> None:
    with pytest.raises(ValueError, match="palette"):
        colour_graph({1: [2]}, palette=[])


@st.composite
def graphs(draw: st.DrawFn, most: int, edges: int) -> dict[object, list[object]]:
    """A graph of 1 to `most` nodes and at most `edges` times as many edges (loops dropped)."""
    n = draw(st.integers(min_value=1, max_value=most))
    pairs = draw(
        st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=edges * n)
    )
    graph: dict[object, list[object]] = {k: [] for k in range(n)}
    for a, b in pairs:
        if a != b:
            graph[a].append(b)
    return graph


@given(graphs(len(PALETTE), len(PALETTE)))
@settings(max_examples=200, deadline=None)
def test_graphs_no_larger_than_the_palette_are_coloured_properly(
    graph: dict[object, list[object]],
) -> None:
    """With at most as many nodes as colours, no node has too many neighbours to be told apart;
    the same graph always gets the same colours."""
    colours = colour_graph(graph)
    assert_proper(graph, colours)
    assert colours == colour_graph(graph)


@given(graphs(30, 3))
@settings(max_examples=200, deadline=None)
def test_pictures_of_24_pieces_or_fewer_give_each_its_own_colour(
    graph: dict[object, list[object]],
) -> None:
    """Up to 24 pieces, no two share a fill (a swatch alone names a piece) and touching pieces
    keep delta E 20 wherever some free colour allows it (checked on planar pictures elsewhere);
    past 24, the neighbour colouring of `colour_graph`."""
    n = len(graph)
    colours = piece_colours(graph)
    assert set(colours) == set(graph)
    if n <= len(OWN_PALETTE):
        assert len(set(colours.values())) == n
        assert set(colours.values()) <= set(OWN_PALETTE)
    else:
        assert colours == colour_graph(graph)
    assert colours == piece_colours(graph)


def test_a_few_touching_pieces_keep_to_the_first_colours_and_stay_20_apart() -> None:
    """A path of five pieces takes five of the palette's first colours, neighbours NEAR apart."""
    path: dict[object, list[object]] = {k: [k + 1] for k in range(4)}
    colours = piece_colours(path)
    assert set(colours.values()) <= set(PALETTE)
    assert all(apart(colours[k], colours[k + 1]) >= NEAR for k in range(4))
