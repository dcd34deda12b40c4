"""`dlx studio` draws a solved box of cubes in 3D (issue 60), in Debian's chromium (WebGL through
SwiftShader) driven by Playwright: after Solve on the Soma cube the canvas shows every piece in
its colour, a drag turns it, Previous and Next keep its angle, pulling apart and one piece alone
change what it shows; without WebGL the page says so and shows the layers. A file of Knuth's
spec lines sets the Puzzle panel (its grid, its board's sizes, Flip as `dlx tile` has it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from studio_helpers import browser_or_skip, studio_server

playwright, CHROMIUM = browser_or_skip()

Page = Any
SOFTWARE_GL = ["--use-gl=angle", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"]
PIXELS = """() => {
  const canvas = document.getElementById("box");
  const copy = document.createElement("canvas");
  [copy.width, copy.height] = [canvas.width, canvas.height];
  const context = copy.getContext("2d");
  context.drawImage(canvas, 0, 0);
  const data = context.getImageData(0, 0, copy.width, copy.height).data;
  const found = new Set();
  for (let i = 0; i < data.length; i += 4) {
    found.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
  }
  return [...found];
}"""
"""The distinct colours of the 3D view's canvas, each as 0xrrggbb."""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with studio_server() as (url, _):
        yield url


def browser_page(server: str, args: list[str]) -> Iterator[Page]:
    """A fresh studio page in chromium launched with `args`; no script error may happen on it."""
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=args)
        opened = browser.new_page(viewport={"width": 1400, "height": 1000})
        errors: list[str] = []
        opened.on("pageerror", lambda error: errors.append(str(error)))
        opened.goto(server)
        opened.locator("body[data-ready=true]").wait_for()
        yield opened
        browser.close()
        assert errors == []


@pytest.fixture
def page(server: str) -> Iterator[Page]:
    yield from browser_page(server, SOFTWARE_GL)


@pytest.fixture
def page_without_webgl(server: str) -> Iterator[Page]:
    yield from browser_page(server, ["--disable-webgl", "--disable-3d-apis"])


def solve_soma(page: Page, mode: str = "Solve") -> None:
    page.get_by_label("Examples").select_option("soma")
    playwright.expect(page.get_by_label("Grid")).to_have_value("cube")
    page.get_by_role("button", name=mode, exact=True).click()
    page.get_by_role("status").filter(has_text="Done").wait_for(timeout=300_000)


def pieces_seen(page: Page) -> set[str]:
    """The legend's colours (#rrggbb) that some pixel of the canvas shows, lit or in shade:
    a pixel whose channels are the colour's times one factor between 0.45 and 1."""
    colours = [
        item.evaluate("(node) => getComputedStyle(node).backgroundColor")
        for item in page.locator("#legend .swatch").all()
    ]
    pixels = [((p >> 16) & 255, (p >> 8) & 255, p & 255) for p in page.evaluate(PIXELS)]
    seen = set()
    for colour in colours:
        rgb = [int(v) for v in colour[colour.index("(") + 1 : -1].split(",")]
        for pixel in pixels:
            k = sum(pixel) / sum(rgb)
            near = all(abs(p - k * c) <= 4 for p, c in zip(pixel, rgb, strict=True))
            if 0.45 <= k <= 1.01 and near:
                seen.add(colour)
                break
    return seen


def drag(page: Page, dx: int, dy: int) -> None:
    box = page.locator("#box").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx / 2, y + dy / 2)
    page.mouse.move(x + dx, y + dy)
    page.mouse.up()


def test_the_soma_cube_is_drawn_in_3d_in_its_pieces_colours(page: Page) -> None:
    solve_soma(page)
    canvas = page.get_by_role("img", name="The solved box in 3D", exact=False)
    playwright.expect(canvas).to_be_visible()
    assert page.locator("#legend li").count() == 7
    # at least as many colours as pieces; most pieces show from outside, in their colours
    assert len(page.evaluate(PIXELS)) >= 7
    assert len(pieces_seen(page)) >= 5
    names = page.locator("#box-names span").all_inner_texts()
    assert sorted(names) == sorted(["V", "L", "T", "Z", "A", "B", "P"])
    assert page.locator("#picture > svg").count() == 1  # the layers stay beside it

    before, angle = sorted(page.evaluate(PIXELS)), canvas.get_attribute("data-view")
    drag(page, 120, 40)
    playwright.expect(canvas).not_to_have_attribute("data-view", angle)
    assert sorted(page.evaluate(PIXELS)) != before
    angle = str(canvas.get_attribute("data-view"))
    box = canvas.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, 300)  # zoomed out: the same angle, farther
    playwright.expect(canvas).not_to_have_attribute("data-view", angle)
    assert canvas.get_attribute("data-view").split()[:2] == angle.split()[:2]


def test_pulled_apart_and_one_piece_alone(page: Page) -> None:
    solve_soma(page)
    together = sorted(page.evaluate(PIXELS))
    page.get_by_label("Pull apart").fill("100")
    apart = sorted(page.evaluate(PIXELS))
    assert apart != together and len(pieces_seen(page)) == 7  # each piece in its colour
    page.get_by_label("Show").select_option("T")
    assert page.locator("#box-names span").all_inner_texts() == ["T"]
    seen = pieces_seen(page)
    legend = page.locator("#legend li", has_text="T").locator(".swatch")
    assert seen == {legend.evaluate("(node) => getComputedStyle(node).backgroundColor")}
    page.get_by_label("Show").select_option("")
    assert len(pieces_seen(page)) == 7
    assert len(page.locator("#box-names span").all_inner_texts()) == 7


def test_previous_and_next_keep_the_angle(page: Page) -> None:
    page.get_by_label("up to", exact=True).fill("3")
    solve_soma(page, "All")
    canvas = page.locator("#box")
    drag(page, -90, 60)
    page.get_by_label("Pull apart").fill("50")
    angle = canvas.get_attribute("data-view")
    first = page.locator("#solution-text").text_content()
    page.get_by_role("button", name="Next", exact=True).click()
    playwright.expect(page.locator("#position")).to_contain_text("Solution 2 of")
    assert page.locator("#solution-text").text_content() != first
    assert canvas.get_attribute("data-view") == angle
    assert page.get_by_label("Pull apart").input_value() == "50"
    page.get_by_role("button", name="Previous", exact=True).click()
    playwright.expect(page.locator("#position")).to_contain_text("Solution 1 of")
    assert canvas.get_attribute("data-view") == angle
    assert len(pieces_seen(page)) == 7


def test_without_webgl_the_layers_show_the_box(page_without_webgl: Page) -> None:
    page = page_without_webgl
    solve_soma(page)
    playwright.expect(page.get_by_text("This browser draws no WebGL")).to_be_visible()
    playwright.expect(page.locator("#box")).to_be_hidden()
    assert page.locator("#picture > svg").count() == 1
    assert page.locator("#legend li").count() == 7


def test_spec_lines_set_the_puzzle_panel(page: Page) -> None:
    """The Soma example (Knuth's spec lines, a 3x3x3 box) sets Grid, the board's sizes and Flip;
    what does not apply to spec lines (the board's name, the drawing tools) is disabled."""
    page.get_by_label("Examples").select_option("soma")
    playwright.expect(page.get_by_label("Grid")).to_have_value("cube")
    for label in ("Rows", "Columns", "Layers"):
        playwright.expect(page.get_by_label(label, exact=True)).to_have_value("3")
        playwright.expect(page.get_by_label(label, exact=True)).to_be_disabled()
    flip = page.get_by_role("checkbox", name="Flip", exact=True)
    assert flip.evaluate("(box) => box.indeterminate") is False
    assert not flip.is_checked()  # a box of cubes: no mirror images, as `dlx tile` by default
    for name in ("Fill the board", "Clear the board", "Add piece"):
        playwright.expect(page.get_by_role("button", name=name, exact=True)).to_be_disabled()
    playwright.expect(page.get_by_label("Board name")).to_be_disabled()
    playwright.expect(page.get_by_label("Board name")).to_have_value("")  # not the last board's
    page.get_by_label("Examples").select_option("pentominoes-6x10")
    playwright.expect(page.get_by_label("Grid")).to_have_value("square")
    playwright.expect(page.get_by_label("Rows", exact=True)).to_be_enabled()
    playwright.expect(page.get_by_role("checkbox", name="Flip", exact=True)).to_be_checked()
