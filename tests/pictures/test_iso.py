"""A box of cubes seen from outside (`dlx.tiling.iso_svg`, issue 60): `--svg` and a notebook draw
a solved box as an isometric picture above its layers; each visible face once, the top in its
piece's colour and the sides darker, a dark line wherever a piece's surface ends and nowhere
inside one; pulled apart, the inside shows. Read from the SVG's shapes and, rendered by librsvg
(skipped without it), from its pixels."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from places import ROOT
from png_reader import read_png

from dlx.pictures.delta_e import srgb_to_lab
from dlx.tiling import Puzzle

SVG = "{http://www.w3.org/2000/svg}"
SOMA = ROOT / "corpus" / "pictures" / "tile_cube_soma.svg"


def parts(picture: str) -> tuple[ET.Element, ET.Element]:
    """The outside (the first picture nested) and the layers (the last)."""
    nested = list(ET.fromstring(picture).iter(f"{SVG}svg"))[1:]
    return nested[0], nested[-1]


def fills(root: ET.Element) -> list[str]:
    return [polygon.get("fill", "") for polygon in root.iter(f"{SVG}polygon")]


def dark_lines(root: ET.Element) -> int:
    return sum(1 for line in root.iter(f"{SVG}line") if line.get("stroke") == "#1a1a1a")


def test_a_solved_box_shows_three_sides_of_nine_faces_above_its_layers() -> None:
    outside, layers = parts(SOMA.read_text())
    seen = fills(outside)
    pieces = set(fills(layers))
    assert len(pieces) == 7 and len(seen) == 3 * 9  # top, front and right of a 3 x 3 x 3 box
    tops = [fill for fill in seen if fill in pieces]  # the top layer's, in their pieces' colours
    assert len(tops) == 9
    lightest = {fill: srgb_to_lab(fill)[0] for fill in pieces}
    for side in (fill for fill in seen if fill not in pieces):  # each a piece's colour, darker
        assert srgb_to_lab(side)[0] < max(lightest.values())


def test_a_face_goes_on_across_its_piece_and_is_outlined_where_it_ends() -> None:
    """A domino of two cubes: five faces; each side of a face is dark but the two it shares
    with the other cube's face: 3 + 3 on top, 3 + 3 in front, 4 on the right."""
    puzzle = Puzzle.read("board 1x2x1\npiece D\n##\n")
    picture = puzzle.first().svg()  # type: ignore[union-attr]
    outside, _ = parts(picture)
    assert len(fills(outside)) == 5
    assert dark_lines(outside) == 16


def test_pulled_apart_the_pieces_show_their_inner_faces() -> None:
    solution = Puzzle.open(ROOT / "dlx" / "studio" / "examples" / "soma.txt").first()
    assert solution is not None
    whole, _ = parts(solution.svg())
    apart, _ = parts(solution.svg(explode=0.6))
    assert len(fills(apart)) > len(fills(whole))
    assert solution._repr_svg_().count("<svg") == 3  # (a notebook shows the same)


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert is not installed")
def test_the_outside_as_a_person_sees_it(tmp_path: Path) -> None:
    """Rendered, the outside shows each piece's colour on the top faces and darker ones on the
    sides; the colours of the top faces are the layers' pieces, the margin white."""
    outside, layers = parts(SOMA.read_text())
    alone = tmp_path / "outside.svg"
    alone.write_text(ET.tostring(outside, encoding="unicode"))
    png = tmp_path / "outside.png"
    subprocess.run(["rsvg-convert", "-f", "png", "-o", str(png), str(alone)], check=True)
    image = read_png(png.read_bytes())
    pixels = {image.hex(x, y) for y in range(image.height) for x in range(image.width)}
    assert image.hex(0, 0) == "#ffffff"
    top_colours = set(fills(outside)) & set(fills(layers))
    assert top_colours and top_colours <= pixels
    lightness = {colour: srgb_to_lab(colour)[0] for colour in set(fills(outside))}
    sides = set(fills(outside)) - set(fills(layers))
    assert all(lightness[side] < max(lightness.values()) for side in sides)
