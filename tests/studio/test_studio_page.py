"""`dlx studio`'s page in a real browser (Debian's chromium, driven by Playwright): a puzzle drawn
with clicks and keys is the file `dlx tile` reads, its solution drawn as `dlx tile --svg` draws
it; a file opened is counted as `dlx tile` counts it; Stop ends a count and its process; a bad
file's error shows on the page; every control is found by its role and accessible name."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from commands import invoke_dlx
from studio_helpers import (
    PENTOMINOES_6X10,
    ROOT,
    alive,
    browser_or_skip,
    descendants,
    studio_server,
)

playwright, CHROMIUM = browser_or_skip()

Page = Any


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, int]]:
    """A studio server for the module's tests: its address and process id."""
    with studio_server() as (url, process):
        yield url, process.pid


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless chromium."""
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, server: tuple[str, int]) -> Iterator[Page]:
    """A fresh page of the studio; no script error may happen on it."""
    context = browser.new_context(accept_downloads=True)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(server[0])
    # Until the page has its first puzzle (after asking the server for its sets and examples),
    # a puzzle typed in would be replaced by it.
    opened.locator("body[data-ready=true]").wait_for()
    yield opened
    context.close()
    assert errors == []


def button(page: Page, name: str) -> Any:
    """The button called `name`, exactly."""
    return page.get_by_role("button", name=name, exact=True)


def finished(page: Page, pattern: str = "^(Done|Stopped)") -> str:
    """The live line once the search is done (once it matches `pattern`). The studio's searches
    run at a lower priority than anything else on the machine: where other work holds both
    cores, a 10 s count may take minutes, so the wait is a bound against a hang, not a timing."""
    page.get_by_role("status").filter(has_text=re.compile(pattern)).wait_for(timeout=300_000)
    return str(page.get_by_role("status").inner_text())


def dlx_tile(tmp_path: Path, text: str, *args: str) -> Any:
    """`dlx tile FILE ARGS` in-process."""
    puzzle = tmp_path / "puzzle.txt"
    puzzle.write_text(text)
    return invoke_dlx(["tile", str(puzzle), *args], env={"NO_COLOR": "1"})


def polygons(svg: str) -> list[tuple[str, str]]:
    """Each polygon's points and fill, in order."""
    return re.findall(r'<polygon points="([^"]+)" fill="([^"]+)"', svg)


def draw(page: Page, what: str, cells: list[tuple[int, int]]) -> None:
    """Click the cells (row, column, from 1) of an editor."""
    for row, column in cells:
        button(page, f"{what} row {row} column {column}").click()


def draw_small_puzzle(page: Page) -> None:
    """A 2x3 board and two L trominoes, drawn with clicks."""
    page.get_by_label("Board name").fill("")
    page.get_by_label("Board name").press("Tab")
    page.get_by_role("checkbox", name="pentominoes").uncheck()
    draw(page, "Board", [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)])
    button(page, "Add piece").click()
    draw(page, "Piece a", [(1, 1), (1, 2), (2, 1)])
    button(page, "Add piece").click()
    draw(page, "Piece b", [(1, 2), (2, 1), (2, 2)])


def test_a_drawn_puzzle_is_solved_as_dlx_tile_solves_it(page: Page, tmp_path: Path) -> None:
    draw_small_puzzle(page)
    text = page.get_by_label("Puzzle file").input_value()
    assert text == "board\n###\n###\npiece a\n##\n#\npiece b\n.#\n##\n"
    button(page, "Solve").click()
    assert finished(page).startswith("Done: 1 solution (stopped at the first)")
    svg = tmp_path / "first.svg"
    result = dlx_tile(tmp_path, text, "--limit", "1", "--svg", str(svg))
    shown = page.locator("#picture").inner_html()
    assert polygons(shown) == polygons(svg.read_text()) != []
    assert page.locator("#solution-text").text_content() == result.stdout.strip()
    assert page.get_by_role("list", name="Legend").inner_text().split() == ["a", "b"]
    with page.expect_download() as download:
        button(page, "Download SVG").click()
    assert Path(download.value.path()).read_text() == svg.read_text()
    with page.expect_download() as download:
        button(page, "Download puzzle file").click()
    assert Path(download.value.path()).read_text() == text
    with page.expect_download() as download:
        button(page, "Download Knuth .dlx").click()
    assert Path(download.value.path()).read_text() == dlx_tile(tmp_path, text, "--dlx").stdout


def test_the_picture_fills_its_panel_without_a_second_legend(page: Page, tmp_path: Path) -> None:
    """A solved 6x10 is as wide as its panel on a 1280 px page (it was drawn 296 px wide), its
    names grow with it, each of its twelve pieces in a colour of its own in the page's legend;
    the pieces' names are written inside them, and the legend `--svg` writes under the picture
    for names longer than a label is left out of the page's picture: the page's own list is the
    legend."""
    page.set_viewport_size({"width": 1280, "height": 900})
    text = "board\n###\n###\npiece bar\n##\n#\npiece bend\n.#\n##\n"
    page.get_by_label("Puzzle file").fill(text)
    page.get_by_label("Puzzle file").dispatch_event("change")
    button(page, "Solve").click()
    finished(page)
    svg = tmp_path / "named.svg"
    dlx_tile(tmp_path, text, "--limit", "1", "--svg", str(svg))
    assert "b=bar" in svg.read_text()  # --svg keeps its legend, and so does the download
    assert "b=bar" not in page.locator("#picture").inner_html()
    names = page.locator("#picture svg text").all_text_contents()
    assert sorted(names) == ["bar", "bend"]  # the names written inside the pieces
    legend = page.get_by_role("list", name="Legend").inner_text().split()
    assert legend == ["bar", "(b)", "bend", "(B)"]
    with page.expect_download() as download:
        button(page, "Download SVG").click()
    assert Path(download.value.path()).read_text() == svg.read_text()
    page.get_by_label("Examples").select_option("pentominoes-6x10")
    playwright.expect(page.get_by_label("Puzzle file")).to_have_value(re.compile("6x10"))
    button(page, "Solve").click()
    finished(page)
    playwright.expect(page.locator("#legend .swatch")).to_have_count(12)  # the 6x10 drawn
    panel = page.locator("#figure").bounding_box()
    picture = page.locator("#picture svg").bounding_box()
    assert panel["width"] > 500 and picture["width"] >= 0.95 * panel["width"]
    label = page.locator("#picture svg text").first.bounding_box()
    assert label["height"] >= 18  # 14 px text drawn at twice its size or more
    swatches = page.locator("#legend .swatch").evaluate_all(
        "spans => spans.map(span => getComputedStyle(span).backgroundColor)"
    )
    assert len(swatches) == len(set(swatches)) == 12  # a colour of its own for each piece


def test_the_keyboard_draws_and_solves(page: Page, tmp_path: Path) -> None:
    page.get_by_label("Board name").fill("")
    page.get_by_label("Board name").press("Tab")
    page.get_by_role("checkbox", name="pentominoes").focus()
    page.keyboard.press("Space")
    button(page, "Board row 1 column 1").focus()
    for key in ("Space", "ArrowRight", "Enter", "ArrowDown", "Space", "ArrowLeft", "Space"):
        page.keyboard.press(key)
    assert button(page, "Board row 2 column 1").get_attribute("aria-pressed") == "true"
    button(page, "Add piece").focus()
    page.keyboard.press("Enter")  # the new piece's name has the focus
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    page.keyboard.press("Tab")
    button(page, "Piece a row 1 column 1").focus()
    for key in ("Space", "ArrowRight", "Space"):
        page.keyboard.press(key)
    text = page.get_by_label("Puzzle file").input_value()
    assert text == "board\n##\n##\npiece 2|a\n##\n"
    button(page, "Count").focus()
    page.keyboard.press("Enter")
    assert finished(page).startswith("Done: 2 solutions (all found)")
    assert dlx_tile(tmp_path, text, "--count").stdout == "2\n"


def test_a_cell_may_stay_empty(page: Page, tmp_path: Path) -> None:
    page.get_by_label("Board name").fill("")
    page.get_by_label("Board name").press("Tab")
    page.get_by_role("checkbox", name="pentominoes").uncheck()
    draw(page, "Board", [(1, 1), (1, 2)])
    page.get_by_role("radio", name="May stay empty").check()
    draw(page, "Board", [(1, 3)])
    assert button(page, "Board row 1 column 3").get_attribute("aria-pressed") == "mixed"
    button(page, "Add piece").click()
    draw(page, "Piece a", [(1, 1), (1, 2)])
    text = page.get_by_label("Puzzle file").input_value()
    assert text == "board\n##+\npiece a\n##\n"
    button(page, "All").click()
    assert finished(page).startswith("Done: 1 solution (all found)")
    assert dlx_tile(tmp_path, text, "--count").stdout == "1\n"


@pytest.mark.parametrize(
    ("grid", "size", "pieces", "count"),
    [("triangle", (2, 6, 1), "tetriamonds", None), ("hex", (3, 3, 1), "trihexes", None)],
)
def test_each_grid_draws_what_dlx_tile_reads(
    page: Page,
    tmp_path: Path,
    grid: str,
    size: tuple[int, int, int],
    pieces: str,
    count: int | None,
) -> None:
    page.get_by_label("Grid").select_option(grid)
    page.get_by_label("Rows", exact=True).fill(str(size[0]))
    page.get_by_label("Rows", exact=True).press("Tab")
    page.get_by_label("Columns", exact=True).fill(str(size[1]))
    page.get_by_label("Columns", exact=True).press("Tab")
    button(page, "Fill the board").click()
    page.get_by_role("checkbox", name=pieces).check()
    text = page.get_by_label("Puzzle file").input_value()
    assert text.startswith(f"grid {grid}\nboard\n")
    button(page, "Count").click()
    line = finished(page)
    expected = int(dlx_tile(tmp_path, text, "--count").stdout)
    assert line.startswith(f"Done: {expected:,} solution")


def test_hex_columns_count_hexagons(page: Page, tmp_path: Path) -> None:
    """Columns 5 on the hex grid: five hexagons in every row, each row offset by half a hexagon
    from the one above (it gave rows of 3, 2 and 3)."""
    page.get_by_label("Grid").select_option("hex")
    for label, value in (("Rows", "3"), ("Columns", "5")):
        page.get_by_label(label, exact=True).fill(value)
        page.get_by_label(label, exact=True).press("Tab")
    button(page, "Fill the board").click()
    assert button(page, "Board row 2 column 5").get_attribute("aria-pressed") == "true"
    text = page.get_by_label("Puzzle file").input_value()
    assert text == "grid hex\nboard\n#.#.#.#.#\n.#.#.#.#.#\n#.#.#.#.#\n"
    assert dlx_tile(tmp_path, text + "piece 15|a\n#\n", "--count").stdout == "1\n"


@pytest.mark.parametrize("example", ["hexiamonds-6x6", "tetrahexes", "pentominoes-3x20"])
def test_an_example_s_named_board_sets_rows_and_columns(page: Page, example: str) -> None:
    """Rows and Columns follow the example's named board (its picture as `board_picture` draws
    it), not the board shown before."""
    from dlx.tiling.drawn import read_picture
    from dlx.tiling.render import board_picture

    page.get_by_label("Examples").select_option(example)
    text = (ROOT / "dlx" / "studio" / "examples" / f"{example}.txt").read_text()
    playwright.expect(page.get_by_label("Puzzle file")).to_have_value(text)
    rows = board_picture(read_picture(text))
    hexes = [c // 2 + 1 for row in rows for c, mark in enumerate(row) if mark == "#"]
    columns = max(hexes) if "grid hex" in text else max(map(len, rows))
    playwright.expect(page.get_by_label("Rows", exact=True)).to_have_value(str(len(rows)))
    playwright.expect(page.get_by_label("Columns", exact=True)).to_have_value(str(columns))
    assert (len(rows), columns) != (6, 10)


def test_cubes_are_drawn_as_layers(page: Page, tmp_path: Path) -> None:
    page.get_by_label("Grid").select_option("cube")
    for label, value in (("Rows", "2"), ("Columns", "3"), ("Layers", "2")):
        page.get_by_label(label, exact=True).fill(value)
        page.get_by_label(label, exact=True).press("Tab")
    button(page, "Fill the board").click()
    button(page, "Add piece").click()
    draw(page, "Piece a layer 1", [(1, 1), (1, 2), (2, 1)])
    page.get_by_label("copies of a").fill("4")
    page.get_by_label("copies of a").press("Tab")
    text = page.get_by_label("Puzzle file").input_value()
    assert text == "grid cube\nboard\n###\n###\n\n###\n###\npiece 4|a\n##\n#\n"
    button(page, "Count").click()
    line = finished(page)
    expected = int(dlx_tile(tmp_path, text, "--count").stdout)
    assert line.startswith(f"Done: {expected:,} solution")


def edges(page: Page, what: str, names: list[str]) -> None:
    """Click the edges of a sticks editor, each named by the point it starts from (`across
    from row 1 column 1`, from 1)."""
    for name in names:
        button(page, f"{what} edge {name}").click()


def test_sticks_are_drawn_edge_by_edge(page: Page, tmp_path: Path) -> None:
    """On sticks, Rows and Columns count squares and each edge between two points is a button:
    the board filled and a piece clicked edge by edge write the picture `dlx tile` reads (`-`
    across, `|` down, `+` at the points they meet), and the count is `dlx tile`'s. No edge may
    stay empty."""
    page.get_by_label("Grid").select_option("sticks")
    page.get_by_label("Board name").fill("")
    page.get_by_label("Board name").press("Tab")
    for label, value in (("Rows", "1"), ("Columns", "2")):
        page.get_by_label(label, exact=True).fill(value)
        page.get_by_label(label, exact=True).press("Tab")
    assert page.get_by_role("group", name="Board").get_by_role("button").count() == 7
    assert page.get_by_role("radio", name="May stay empty").is_disabled()
    button(page, "Fill the board").click()
    button(page, "Add piece").click()
    edges(page, "Piece a", ["across from row 1 column 1"])
    text = page.get_by_label("Puzzle file").input_value()
    assert text == "grid sticks\nboard\n+-+-+\n|.|.|\n+-+-+\npiece a\n+-+\n"
    edges(page, "Piece a", ["down from row 1 column 1", "down from row 1 column 2"])
    pressed = button(page, "Piece a edge down from row 1 column 2").get_attribute("aria-pressed")
    assert pressed == "true"
    button(page, "Board edge down from row 1 column 2").click()  # drawn off: six edges left
    text = page.get_by_label("Puzzle file").input_value()
    assert text == "grid sticks\nboard\n+-+-+\n|...|\n+-+-+\npiece a\n+-+\n|.|\n+.+\n"
    page.get_by_label("copies of a").fill("2")
    page.get_by_label("copies of a").press("Tab")
    text = page.get_by_label("Puzzle file").input_value()
    button(page, "Count").click()
    line = finished(page)
    expected = int(dlx_tile(tmp_path, text, "--count").stdout)
    assert expected > 0 and line.startswith(f"Done: {expected:,} solution")
    button(page, "Clear the board").click()
    text = page.get_by_label("Puzzle file").input_value()
    assert text.startswith("grid sticks\nboard\npiece 2|a\n")


def test_the_keyboard_draws_sticks(page: Page) -> None:
    """Arrow keys move from edge to edge: across along a row, down to an edge down from an end
    and back to the same column; Space and Enter draw."""
    page.get_by_label("Grid").select_option("sticks")
    page.get_by_label("Board name").fill("")
    page.get_by_label("Board name").press("Tab")
    button(page, "Board edge across from row 1 column 1").focus()
    for key in ("Space", "ArrowDown", "Enter", "ArrowDown", "ArrowRight", "Space"):
        page.keyboard.press(key)
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused == "Board edge across from row 2 column 2"
    pressed = page.get_by_role("group", name="Board").locator("[aria-pressed=true]")
    assert pressed.evaluate_all("cells => cells.map(c => c.getAttribute('aria-label'))") == [
        "Board edge across from row 1 column 1",
        "Board edge down from row 1 column 1",
        "Board edge across from row 2 column 2",
    ]
    text = page.get_by_label("Puzzle file").input_value()
    assert text == "grid sticks\nboard\n+-+\n|\n+.+-+\n"


def test_the_sticks_example_is_solved_as_dlx_tile_solves_it(page: Page, tmp_path: Path) -> None:
    """Polyform Puzzler's tetrasticks but H on the 5x5 square: its named board sets Rows and
    Columns to 5, its drawn pieces are written back exactly, and its first solution is the
    picture `dlx tile --svg` draws, each piece as thick segments."""
    page.get_by_label("Examples").select_option("tetrasticks-5x5")
    text = (ROOT / "dlx" / "studio" / "examples" / "tetrasticks-5x5.txt").read_text()
    playwright.expect(page.get_by_label("Puzzle file")).to_have_value(text)
    playwright.expect(page.get_by_label("Rows", exact=True)).to_have_value("5")
    playwright.expect(page.get_by_label("Columns", exact=True)).to_have_value("5")
    assert page.get_by_role("group", name="Piece F").locator("[aria-pressed=true]").count() == 4
    for _ in range(2):  # an edge off and on again: the drawings write the file as it was
        button(page, "Piece F edge across from row 3 column 1").click()
    assert page.get_by_label("Puzzle file").input_value() == text
    again = page.context.new_page()  # the address carries the drawings as they are
    again.goto(page.url)
    playwright.expect(again.get_by_label("Puzzle file")).to_have_value(text)
    assert again.get_by_role("group", name="Piece Z").locator("[aria-pressed=true]").count() == 4
    again.close()
    button(page, "Solve").click()
    assert finished(page).startswith("Done: 1 solution (stopped at the first)")
    svg = tmp_path / "first.svg"
    dlx_tile(tmp_path, text, "--limit", "1", "--svg", str(svg))
    shown = page.locator("#picture").inner_html()
    strokes = re.findall(r'<g stroke="[^"]+" stroke-width="7.0">', shown)
    assert len(strokes) == 15 and strokes == re.findall(
        r'<g stroke="[^"]+" stroke-width="7.0">', svg.read_text()
    )
    assert page.get_by_role("list", name="Legend").inner_text().split() == list("FIJLNOPRTUVWXYZ")
    button(page, "Count up to symmetry").click()
    assert finished(page, "^Done: .* up to symmetry").startswith(
        "Done: 72 solutions up to symmetry (all found)"
    )


@pytest.mark.slow
def test_open_pentominoes_6x10_and_count(page: Page, tmp_path: Path) -> None:
    """9,356 solutions, 2,339 up to symmetry: 5 to 15 s on two cores."""
    (tmp_path / "6x10.txt").write_text(PENTOMINOES_6X10)
    page.get_by_label("Open", exact=True).set_input_files(str(tmp_path / "6x10.txt"))
    playwright.expect(page.get_by_label("Puzzle file")).to_have_value(PENTOMINOES_6X10)
    button(page, "Count").click()
    assert finished(page).startswith("Done: 9,356 solutions (all found)")
    button(page, "Count up to symmetry").click()
    assert finished(page, "^Done: .* up to symmetry").startswith(
        "Done: 2,339 solutions up to symmetry (all found)"
    )


def test_stop_ends_the_count_and_its_process(
    page: Page, server: tuple[str, int], tmp_path: Path
) -> None:
    (tmp_path / "6x10.txt").write_text(PENTOMINOES_6X10)
    page.get_by_label("Open", exact=True).set_input_files(str(tmp_path / "6x10.txt"))
    playwright.expect(page.get_by_label("Puzzle file")).to_have_value(PENTOMINOES_6X10)
    button(page, "Solve").click()  # the server's process server starts with its first search
    finished(page)
    before = descendants(server[1])
    button(page, "Count").click()
    page.get_by_role("status").filter(
        has_text=re.compile(r"Counting… .* [1-9][\d,]* nodes")
    ).wait_for()
    workers = descendants(server[1]) - before
    assert len(workers) == 1 and button(page, "Stop").is_enabled()
    stopped = time.monotonic()
    button(page, "Stop").click()
    line = finished(page)
    (worker,) = workers
    while alive(worker) and time.monotonic() - stopped < 1.0:
        time.sleep(0.02)
    assert not alive(worker)
    assert line.startswith("Done:") and "(stopped: the rest unknown)" in line
    assert button(page, "Count").is_enabled() and not button(page, "Stop").is_enabled()


def test_a_malformed_file_shows_its_error(page: Page, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("board 6x10\n; a set nobody knows\npieces octominoes\n")
    page.get_by_label("Open", exact=True).set_input_files(str(bad))
    alert = page.get_by_role("alert")
    alert.wait_for()
    expected = dlx_tile(tmp_path, bad.read_text()).stderr.strip().removeprefix("dlx: ")
    assert alert.inner_text() == expected
    assert expected.startswith("line 3: no piece set 'octominoes'")
    button(page, "Solve").click()  # the search is refused with the same message
    page.wait_for_timeout(200)
    assert alert.inner_text() == expected and button(page, "Solve").is_enabled()


def nothing_shown(page: Page) -> None:
    """No picture, text, legend, Done line or position of an earlier answer is on the page."""
    assert page.locator("#picture").inner_html() == ""
    assert page.locator("#solution-text").text_content() == ""
    assert page.get_by_role("list", name="Legend").inner_text() == ""
    assert not page.get_by_role("status").inner_text().startswith("Done")
    assert page.locator("#position").inner_text() == ""
    assert not button(page, "Download SVG").is_enabled()


@pytest.mark.parametrize("how", ["Solve", "typed"])
def test_an_error_clears_the_earlier_answer(page: Page, how: str) -> None:
    draw_small_puzzle(page)
    button(page, "All").click()
    assert finished(page).startswith("Done: 4 solutions")
    assert page.locator("#position").inner_text() == "Solution 1 of 4"
    page.get_by_label("Puzzle file").fill("board 6x10\npieces octominoes\n")
    if how == "Solve":  # the search is refused
        button(page, "Solve").click()
    else:  # the file read as it is typed
        page.get_by_label("Puzzle file").dispatch_event("change")
    page.get_by_role("alert").wait_for()
    nothing_shown(page)


def test_a_fillit_error_clears_the_earlier_answer(page: Page) -> None:
    valid = ROOT / "corpus" / "fillit" / "valid"
    page.get_by_label("fillit input").fill((valid / "needs_growth.txt").read_text())
    button(page, "Solve fillit").click()
    assert finished(page).startswith("Done: the canonical answer")
    assert page.locator("#picture").inner_html() != ""
    page.get_by_label("fillit input").fill("##..\n##..\n....\n...#\n")
    button(page, "Solve fillit").click()
    page.get_by_role("alert").wait_for()
    nothing_shown(page)


def test_all_browses_every_solution(page: Page, tmp_path: Path) -> None:
    page.get_by_label("Examples").select_option("pentominoes-3x20")
    playwright.expect(page.get_by_label("Puzzle file")).to_have_value(re.compile("3x20"))
    text = page.get_by_label("Puzzle file").input_value()
    button(page, "All").click()
    assert finished(page).startswith("Done: 8 solutions (all found)")
    expected = json.loads(dlx_tile(tmp_path, text, "--json", "--all").stdout)["solutions"]
    position = page.locator("#position")
    assert position.inner_text() == "Solution 1 of 8"
    assert not button(page, "Previous").is_enabled()
    button(page, "Next").click()
    page.get_by_text("Solution 2 of 8").wait_for()
    assert page.locator("#solution-text").text_content() == "\n".join(expected[1])
    page.get_by_label("Solution number").fill("8")
    button(page, "Go to solution").click()
    page.get_by_text("Solution 8 of 8").wait_for()
    assert page.locator("#solution-text").text_content() == "\n".join(expected[7])
    assert not button(page, "Next").is_enabled()
    button(page, "Previous").click()
    page.get_by_text("Solution 7 of 8").wait_for()
    assert page.get_by_label("Solution number").input_value() == "7"  # the box follows
    with page.expect_download() as download:
        button(page, "Download solutions JSON").click()
    assert json.loads(Path(download.value.path()).read_text())["solutions"] == expected


def test_the_address_carries_the_puzzle(page: Page, browser: Any) -> None:
    draw_small_puzzle(page)
    page.get_by_label("turn a").uncheck()
    text = page.get_by_label("Puzzle file").input_value()
    assert "; studio: piece a no-turn flips\n" in text
    again = browser.new_page()
    again.goto(page.url)
    playwright.expect(again.get_by_label("Puzzle file")).to_have_value(text)
    assert not again.get_by_label("turn a").is_checked()
    assert again.get_by_label("flip a").is_checked()
    again.close()


def test_a_link_pasted_into_an_open_tab_loads(page: Page, browser: Any) -> None:
    draw_small_puzzle(page)
    text = page.get_by_label("Puzzle file").input_value()
    link = page.url
    other = browser.new_page()
    other.goto(link.split("#")[0])
    other.locator("body[data-ready=true]").wait_for()
    assert other.get_by_label("Puzzle file").input_value() != text
    other.goto(link)  # the same page, another hash: no reload
    playwright.expect(other.get_by_label("Puzzle file")).to_have_value(text)
    assert button(other, "Board row 2 column 3").get_attribute("aria-pressed") == "true"
    other.close()


def test_fillit_shows_the_canonical_answer(page: Page) -> None:
    valid = ROOT / "corpus" / "fillit" / "valid"
    page.get_by_label("fillit input").fill((valid / "needs_growth.txt").read_text())
    button(page, "Solve fillit").click()
    assert finished(page).startswith("Done: the canonical answer")
    shown = page.locator("#solution-text").text_content()
    assert shown + "\n" == (valid / "needs_growth.out").read_text()
    page.get_by_label("fillit input").fill("####\n")
    button(page, "Solve fillit").click()
    page.get_by_role("alert").wait_for()
    assert page.get_by_role("alert").inner_text().startswith("not a fillit input: ")


def test_fillit_takes_an_input_without_its_final_newline(page: Page) -> None:
    """A textarea's value may lack the last newline: the page adds it; the live line gives the
    nodes fillit's search took (`fillit stats`), never 0 nodes for an answer searched for."""
    valid = ROOT / "corpus" / "fillit" / "valid"
    page.get_by_label("fillit input").fill((valid / "needs_growth.txt").read_text().rstrip("\n"))
    button(page, "Solve fillit").click()
    line = finished(page)
    assert line.startswith("Done: the canonical answer; ")
    assert re.search(r"; [1-9][\d,]* nodes, ", line), line
    shown = page.locator("#solution-text").text_content()
    assert shown + "\n" == (valid / "needs_growth.out").read_text()
    assert not page.get_by_role("alert").is_visible()


def test_every_control_has_a_name(page: Page) -> None:
    for name in ("Solve", "Count", "Count up to symmetry", "All", "Stop", "Previous", "Next"):
        assert button(page, name).count() == 1
    for label in ("Open", "Examples", "Grid", "Board name", "Puzzle file", "fillit input"):
        assert page.get_by_label(label, exact=True).count() == 1
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('button, input, select, textarea, [role=button]')]
        .filter((e) => !(e.getAttribute('aria-label') || e.labels?.length || e.textContent.trim()))
        .map((e) => e.outerHTML)"""
    )
    assert unnamed == []


@pytest.mark.parametrize(
    "stem", ["heart", "loose", "triangle_drawn", "hex_drawn", "cube_drawn", "sticks_one_sided"]
)
def test_a_file_read_into_the_drawings_is_written_back_the_same(
    page: Page, tmp_path: Path, stem: str
) -> None:
    """A picture opened, then drawn on (a cell off and on again): the file the drawings write is
    the same puzzle, item for item and option for option (`dlx tile --dlx`)."""
    text = (ROOT / "corpus" / "tile" / f"{stem}.txt").read_text()
    page.get_by_label("Puzzle file").fill(text)
    page.get_by_label("Puzzle file").dispatch_event("change")
    cell = page.get_by_role("group", name="Board").locator("[aria-pressed=true]").first
    name = cell.get_attribute("aria-label")
    button(page, name).click()
    assert button(page, name).get_attribute("aria-pressed") == "false"
    assert page.get_by_label("Puzzle file").input_value() != text  # the drawing writes the file
    button(page, name).click()
    written = page.get_by_label("Puzzle file").input_value()
    assert dlx_tile(tmp_path, written, "--dlx").stdout == dlx_tile(tmp_path, text, "--dlx").stdout


def test_knuth_s_spec_lines_stay_text_and_are_solved(page: Page, tmp_path: Path) -> None:
    text = (ROOT / "corpus" / "tile" / "spec_soma.txt").read_text()
    page.get_by_label("Puzzle file").fill(text)
    page.get_by_label("Puzzle file").dispatch_event("change")
    page.get_by_text("This file is in Knuth's spec lines").wait_for()
    assert not page.get_by_role("group", name="Named sets").is_visible()
    button(page, "Count up to symmetry").click()
    expected = int(dlx_tile(tmp_path, text, "--count", "--unique").stdout)
    assert finished(page).startswith(f"Done: {expected} solutions up to symmetry (all found)")
    assert page.get_by_label("Puzzle file").input_value() == text


def test_all_says_when_the_server_keeps_no_more_solutions_this_large(page: Page) -> None:
    """Solutions of 3,844 one-cell pieces: the server keeps as many as fit its room for numbers
    (`studio.kept`), fewer than the cap, and the page says why it stopped."""
    from dlx.studio.kept import MAX_NUMBERS

    page.get_by_label("Puzzle file").fill("[0-Z][0-Z]\n0:3844|A 00\n0:3844|B 00\n")
    page.get_by_label("Puzzle file").dispatch_event("change")
    page.get_by_text("This file is in Knuth's spec lines").wait_for()
    page.get_by_label("up to").fill("10000")
    button(page, "All").click()
    kept = MAX_NUMBERS // (3844 * 4)
    line = finished(page)
    assert line.startswith(f"Done: {kept} solutions (the most the server keeps of solutions")
    assert page.locator("#position").inner_text() == f"Solution 1 of {kept}"
