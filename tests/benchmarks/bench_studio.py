"""Benchmark: `dlx studio` on this machine. Two figures, each beside a reference from the same run.

1. Solve to picture: pentominoes in 6x10, from the click on Solve to the SVG on the page, in
   headless chromium (Debian's, driven by Playwright), measured inside the page (the click's time
   to the picture's insertion, `performance.now()`); beside it `dlx tile --limit 1 --svg FILE` as
   a whole process, and the server's own part (POST, events to the solution) through httpx.
2. Searches held at once: K counts of pentominoes 6x10 running (each watched by its event stream,
   as a page would), while other requests (`GET /api/sets`, `POST /api/check` of a puzzle) are
   timed; K doubles from 1 up to `--most` (default 32). Beside it the same requests with no
   search running. A level passes when every request is answered (within 5 s) and every search
   started; the figure is the largest K that passed, with the requests' median and slowest times.
   A check runs in a worker under the same cap as the searches: the server is given room for
   `--most` searches and one check (`--searches` one more).

Run: `.venv/bin/python tests/benchmarks/bench_studio.py [--rounds N] [--most K]
[--screenshot PNG]` (needs the studio-test extra and Debian's chromium). `--screenshot` also saves
the page with the heart example solved, the README's picture.
"""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import expect, sync_playwright

sys.path[:0] = [
    str(Path(__file__).resolve().parents[2]),
    str(Path(__file__).resolve().parents[1] / "helpers"),
]
from studio_helpers import PENTOMINOES_6X10, ROOT, studio_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CLICK_TO_PICTURE = """() => new Promise((done) => {
  const picture = document.getElementById('picture');
  picture.replaceChildren();
  let clicked = 0;
  const observer = new MutationObserver(() => {
    if (picture.querySelector('svg')) { observer.disconnect(); done(performance.now() - clicked); }
  });
  observer.observe(picture, {childList: true});
  clicked = performance.now();
  document.getElementById('solve').click();
})"""


def solve_to_picture(url: str, rounds: int, screenshot: Path | None) -> list[float]:
    """Milliseconds from Solve to the picture on the page, `rounds` times."""
    times = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        page.get_by_label("Puzzle file").fill(PENTOMINOES_6X10)
        page.get_by_label("Puzzle file").dispatch_event("change")
        page.evaluate(CLICK_TO_PICTURE)  # the first search also starts the process server
        page.get_by_role("status").filter(has_text="Done").wait_for()
        for _ in range(rounds):
            times.append(page.evaluate(CLICK_TO_PICTURE))
            page.get_by_role("status").filter(has_text="Done").wait_for()
        if screenshot is not None:
            take_screenshot(page, screenshot)
        browser.close()
    return times


def take_screenshot(page: Any, path: Path) -> None:
    """The page with the heart example solved."""
    page.get_by_label("Examples").select_option("heart")
    expect(page.get_by_label("Puzzle file")).to_have_value(re.compile("heart"))
    page.get_by_role("button", name="Solve", exact=True).click()
    page.get_by_role("status").filter(has_text="Done").wait_for()
    page.screenshot(path=str(path), full_page=False)


def server_solve(url: str, rounds: int) -> list[float]:
    """Milliseconds from the POST to the solution's event, through httpx."""
    times = []
    with httpx.Client(base_url=url, timeout=60) as http:
        for _ in range(rounds + 1):
            started = time.perf_counter()
            key = http.post("api/searches", json={"puzzle": PENTOMINOES_6X10}).json()["id"]
            with http.stream("GET", f"api/searches/{key}/events") as stream:
                for line in stream.iter_lines():
                    if line == "event: solution":
                        times.append((time.perf_counter() - started) * 1000)
                        break
    return times[1:]


def cli_solve(rounds: int) -> list[float]:
    """Milliseconds of `dlx tile --limit 1 --svg FILE` as a whole process."""
    times = []
    with tempfile.TemporaryDirectory() as folder:
        puzzle, svg = Path(folder) / "p.txt", Path(folder) / "p.svg"
        puzzle.write_text(PENTOMINOES_6X10)
        for _ in range(rounds):
            started = time.perf_counter()
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "dlx",
                    "tile",
                    str(puzzle),
                    "--limit",
                    "1",
                    "--svg",
                    str(svg),
                ],
                capture_output=True,
                cwd=ROOT,
                check=True,
            )
            times.append((time.perf_counter() - started) * 1000)
    return times


def other_requests(http: httpx.Client, seconds: float) -> tuple[list[float], int]:
    """Time cheap requests for `seconds`: their milliseconds, and how many went unanswered."""
    times, failed = [], 0
    deadline = time.perf_counter() + seconds
    check = {"puzzle": "board 6x10\npieces pentominoes\n"}
    while time.perf_counter() < deadline:
        for method, path, body in (("GET", "api/sets", None), ("POST", "api/check", check)):
            started = time.perf_counter()
            try:
                answer = http.request(method, path, json=body, timeout=5)
                ok = answer.status_code == 200
            except httpx.HTTPError:
                ok = False
            times.append((time.perf_counter() - started) * 1000)
            failed += not ok
        time.sleep(0.05)
    return times, failed


def watch(url: str, key: str, stop: threading.Event) -> None:
    """Read a search's events until told to stop, as a page does."""
    with (
        httpx.Client(base_url=url, timeout=None) as http,
        http.stream("GET", f"api/searches/{key}/events") as stream,
    ):
        for _ in stream.iter_lines():
            if stop.is_set():
                return


def held(url: str, searches: int) -> tuple[int, list[float], int]:
    """Start `searches` counts, watched; time other requests meanwhile; stop them all."""
    stop = threading.Event()
    threads, keys = [], []
    with httpx.Client(base_url=url, timeout=30) as http:
        for _ in range(searches):
            answer = http.post("api/searches", json={"puzzle": PENTOMINOES_6X10, "mode": "count"})
            if answer.status_code != 201:
                break
            keys.append(answer.json()["id"])
            thread = threading.Thread(target=watch, args=(url, keys[-1], stop), daemon=True)
            thread.start()
            threads.append(thread)
        time.sleep(1.0)
        times, failed = other_requests(http, 3.0)
        stop.set()
        for key in keys:
            http.post(f"api/searches/{key}/stop")
    for thread in threads:
        thread.join(10)
    return len(keys), times, failed


def report(name: str, times: list[float]) -> str:
    """Median and slowest of some milliseconds."""
    return f"{name}: median {statistics.median(times):.0f} ms, slowest {max(times):.0f} ms"


def main(args: list[str]) -> int:
    """Print both figures."""
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 5
    most = int(args[args.index("--most") + 1]) if "--most" in args else 32
    screenshot = Path(args[args.index("--screenshot") + 1]) if "--screenshot" in args else None
    with studio_server("--searches", str(most + 1)) as (url, _):
        print("Solve to picture, pentominoes 6x10:")
        print("  " + report("page (click to SVG shown)", solve_to_picture(url, rounds, screenshot)))
        print("  " + report("server (POST to solution event)", server_solve(url, rounds)))
        print(
            "  " + report("reference: dlx tile --limit 1 --svg, whole process", cli_solve(rounds))
        )
        print("Searches held at once (counts of pentominoes 6x10), other requests meanwhile:")
        with httpx.Client(base_url=url, timeout=30) as http:
            times, failed = other_requests(http, 2.0)
        print(f"  reference, no search: {report('requests', times)}, {failed} unanswered")
        best = 0
        k = 1
        while k <= most:
            started, times, failed = held(url, k)
            print(
                f"  {k} searches ({started} started): {report('requests', times)}, "
                f"{failed} unanswered"
            )
            if started == k and failed == 0:
                best = k
            k *= 2
        print(f"held at once with every other request answered: {best} (of {most} tried)")
        print(json.dumps({"held": best}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
