"""`dlx studio`'s API through an ASGI test client, and its command line: every request read by
`dlx tile`'s parsers (the same messages for the same bad input), solutions drawn as `dlx tile
--svg` draws them, counts as `dlx tile --count`, nothing served but the page and its API, and
bad requests answered 4xx, never 500. A real server in a subprocess for what a test client cannot
show: a search stopped, or left by its watcher, has its process gone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from commands import invoke_dlx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from studio_helpers import (
    ENDLESS,
    PENTOMINOES_6X10,
    ROOT,
    alive,
    descendants,
    niceness,
    studio_server,
)

pytest.importorskip("starlette", reason="the studio extra is not installed")
httpx = pytest.importorskip("httpx", reason="httpx (the studio-test extra) is not installed")

with warnings.catch_warnings():  # starlette's test client would rather have httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from dlx.studio.app import EXAMPLES, create_app  # noqa: E402
from dlx.studio.puzzle import MAX_BODY  # noqa: E402
from dlx.studio.runs import Settings  # noqa: E402
from dlx.studio.worker import NICE  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TILE = ROOT / "corpus" / "tile"
ERRORS = sorted(p.stem for p in TILE.glob("err_*.txt"))
KNUTH = sorted(p.stem for p in TILE.glob("*.dlx"))
SMALL = "board\n###\n###\npiece a\n##\n#.\npiece b\n.#\n##\n"
"""A 2x3 board and two L trominoes drawn apart."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """A test client of the studio, addressed as the browser on this machine addresses it."""
    with TestClient(create_app(Settings(timeout=60)), base_url="http://127.0.0.1") as test:
        yield test


def events(client: TestClient, body: dict[str, Any]) -> list[tuple[str, Any]]:
    """Start a search and read its events to the end."""
    started = client.post("/api/searches", json=body)
    assert started.status_code == 201, started.text
    key = started.json()["id"]
    found = []
    with client.stream("GET", f"/api/searches/{key}/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        name = ""
        for line in stream.iter_lines():
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                found.append((name, json.loads(line[6:])))
    return [("id", key), *found]


def dlx_tile(tmp_path: Path, text: str, *args: str) -> Any:
    """`dlx tile FILE ARGS`, run in-process: its result."""
    puzzle = tmp_path / "puzzle.txt"
    puzzle.write_text(text)
    return invoke_dlx(["tile", str(puzzle), *args], env={"NO_COLOR": "1"})


def test_the_page_and_its_files(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<button type="button" id="solve">Solve</button>' in page.text
    assert "script-src" not in page.headers["content-security-policy"]  # default-src 'self'
    assert client.get("/static/studio.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/studio.css").status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/static/app.py",
        "/static/..%2Fapp.py",
        "/static/%2E%2E/puzzle.py",
        "/etc/passwd",
        "/../pyproject.toml",
        "/api/examples/..%2F..%2Fpyproject",
        "/api/examples/heart.txt",
    ],
)
def test_nothing_but_the_page_and_its_api_is_served(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404 and "error" in answer.json()


def test_a_request_for_another_host_is_refused(client: TestClient) -> None:
    """A page elsewhere cannot reach the server through a DNS name pointed at this machine."""
    assert client.get("/", headers={"host": "evil.example"}).status_code == 400


def test_the_sets_are_dlx_tile_s(client: TestClient) -> None:
    sets = client.get("/api/sets").json()
    assert sets["square"][:2] == ["pentominoes", "tetrominoes"]
    assert "hexiamonds" in sets["triangle"] and "soma" in sets["cube"]


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_each_example_is_served_and_is_the_corpus_file(client: TestClient, name: str) -> None:
    example = client.get(f"/api/examples/{name}").json()
    corpus = {
        "pentominoes-3x20": TILE / "pentominoes_3x20_unique.txt",
        "heart": TILE / "heart.txt",
        "loose": TILE / "loose.txt",
        "hexiamonds-6x6": TILE / "hexiamonds_6x6_unique.txt",
        "tetrahexes": TILE / "tetrahexes.txt",
        "soma": TILE / "spec_soma.txt",
        "cube-drawn": TILE / "cube_drawn.txt",
        "tetrasticks-5x5": TILE / "sticks_no_h.txt",
        "fillit": ROOT / "corpus" / "fillit" / "valid" / "exact_fit_6x6.txt",
    }.get(name)
    if corpus is not None:
        assert example["text"] == corpus.read_text()
    if not example["fillit"]:
        checked = client.post("/api/check", json={"puzzle": example["text"]})
        assert checked.status_code == 200, checked.text


@pytest.mark.parametrize("stem", ERRORS)
def test_bad_puzzles_get_dlx_tile_s_message(client: TestClient, stem: str) -> None:
    args = TILE / f"{stem}.args"  # the grid `dlx tile` is given (`--grid sticks`), if any
    words = args.read_text().split() if args.exists() else []
    grid = words[1] if words[:1] == ["--grid"] and len(words) == 2 else None
    assert words == ([] if grid is None else ["--grid", grid])
    body = {"puzzle": (TILE / f"{stem}.txt").read_text(), "grid": grid}
    answer = client.post("/api/check", json=body)
    assert answer.status_code == 400
    assert "dlx: " + answer.json()["error"] + "\n" == (TILE / f"{stem}.err").read_text()


def test_a_bad_puzzle_is_refused_before_any_search(client: TestClient) -> None:
    answer = client.post("/api/searches", json={"puzzle": "board 2x2\npieces octominoes\n"})
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("line 2: no piece set 'octominoes'")


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"puzzle": 3}, 400, '"puzzle" must be text'),
        ({"puzzle": SMALL, "mode": "guess"}, 400, '"mode" must be one of'),
        ({"puzzle": SMALL, "cap": 0}, 400, '"cap" must be a whole number'),
        ({"puzzle": SMALL, "cap": True}, 400, '"cap" must be a whole number'),
        ({"puzzle": SMALL, "rotate": "no"}, 400, '"rotate" must be true or false'),
        ({"puzzle": SMALL, "grid": 7}, 400, '"grid" must be'),
        ({"puzzle": SMALL, "pieces": {"z": {}}}, 400, "no piece named 'z'"),
        ({"puzzle": SMALL, "pieces": {"a": 1}}, 400, "the options of 'a' must be an object"),
        ({"puzzle": "x" * (1024 * 1024 + 1)}, 413, "larger than 1048576 bytes"),
        ([1, 2], 400, "must be a JSON object"),
    ],
)
def test_bad_requests_name_the_rule(
    client: TestClient, body: Any, status: int, message: str
) -> None:
    for path in ("/api/check", "/api/searches", "/api/dlx"):
        answer = client.post(path, json=body)
        assert (answer.status_code, message in answer.json()["error"]) == (status, True), path


def test_bodies_are_capped_and_must_be_json(client: TestClient) -> None:
    big = client.post(
        "/api/check", content=b"{" + b" " * MAX_BODY, headers={"content-type": "application/json"}
    )
    assert big.status_code == 413
    assert client.post("/api/check", content=b"{not json").status_code == 415
    notjson = client.post(
        "/api/check", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert (notjson.status_code, notjson.json()) == (400, {"error": "the request is not JSON"})
    deep = client.post(
        "/api/check", content=b"[" * 100_000, headers={"content-type": "application/json"}
    )
    assert deep.status_code == 400


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=40),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=12,
    )
    | st.fixed_dictionaries(
        {"puzzle": st.text(alphabet="board piece\n#.+|:0123x;grid hex", max_size=60)},
        optional={"mode": st.sampled_from(["count", "unique", "x"]), "cap": st.integers()},
    )
)
def test_no_request_gets_a_server_error(client: TestClient, body: Any) -> None:
    answer = client.post(
        "/api/check", content=json.dumps(body), headers={"content-type": "application/json"}
    )
    assert answer.status_code in (200, 400, 413), answer.text
    assert answer.headers["content-type"] == "application/json"


def test_solve_draws_the_svg_dlx_tile_draws(client: TestClient, tmp_path: Path) -> None:
    found = events(client, {"puzzle": SMALL, "mode": "solve"})
    names = [name for name, _ in found]
    assert names.count("solution") == 1 and names[-1] == "done" and "progress" in names
    solution, done = dict(found)["solution"], found[-1][1]
    assert (done["status"], done["count"]) == ("limit", 1)
    result = dlx_tile(tmp_path, SMALL, "--limit", "1", "--svg", str(tmp_path / "first.svg"))
    assert result.exit_code == 0
    assert solution["svg"] == (tmp_path / "first.svg").read_text()
    assert solution["text"] == result.stdout.split()
    assert [item["name"] for item in solution["legend"]] == ["a", "b"]


@pytest.mark.parametrize(
    ("example", "mode", "args"),
    [
        ("pentominoes-3x20", "count", ["--count"]),
        ("pentominoes-3x20", "unique", ["--count", "--unique"]),
        ("hexiamonds-6x6", "unique", ["--count", "--unique"]),
        ("soma", "unique", ["--count", "--unique"]),
        ("tetrasticks-5x5", "unique", ["--count", "--unique"]),
    ],
)
def test_counts_are_dlx_tile_s(
    client: TestClient, tmp_path: Path, example: str, mode: str, args: list[str]
) -> None:
    text = client.get(f"/api/examples/{example}").json()["text"]
    done = events(client, {"puzzle": text, "mode": mode})[-1][1]
    assert done["status"] == "exhausted"
    assert done["count"] == int(dlx_tile(tmp_path, text, *args).stdout)


def test_sticks_are_solved_and_drawn_as_dlx_tile_draws_them(
    client: TestClient, tmp_path: Path
) -> None:
    """Polysticks: the example's first solution is `dlx tile --svg`'s picture, each of the 15
    pieces thick segments in its colour; a check answers the named board's rows as a sticks
    picture draws them (the page sizes its editor by them: 5 x 5 squares)."""
    text = client.get("/api/examples/tetrasticks-5x5").json()["text"]
    solution = dict(events(client, {"puzzle": text, "mode": "solve"}))["solution"]
    dlx_tile(tmp_path, text, "--limit", "1", "--svg", str(tmp_path / "first.svg"))
    assert solution["svg"] == (tmp_path / "first.svg").read_text()
    assert solution["picture"].count('stroke-width="7.0"') == 15
    assert [item["name"] for item in solution["legend"]] == list("FIJLNOPRTUVWXYZ")
    board = client.post("/api/check", json={"puzzle": text}).json()["board"]
    assert (len(board), max(map(len, board))) == (11, 11)
    assert board[:2] == ["+-+-+-+-+-+", "| | | | | |"]


def test_all_keeps_the_solutions_to_browse(client: TestClient, tmp_path: Path) -> None:
    text = client.get("/api/examples/pentominoes-3x20").json()["text"].replace("--unique", "")
    found = events(client, {"puzzle": text, "mode": "all", "cap": 5})
    key, done = found[0][1], found[-1][1]
    assert (done["status"], done["count"]) == ("limit", 5)
    listed = client.get(f"/api/searches/{key}/solutions.json").json()
    expected = json.loads(dlx_tile(tmp_path, text, "--json", "--limit", "5").stdout)
    assert listed["solutions"] == expected["solutions"] and listed["count"] == 5
    for number in range(1, 6):
        drawn = client.get(f"/api/searches/{key}/solutions/{number}").json()
        assert drawn["number"] == number and drawn["text"] == expected["solutions"][number - 1]
    assert client.get(f"/api/searches/{key}/solutions/6").status_code == 404
    assert client.get(f"/api/searches/{key}/solutions/0").status_code == 404
    assert client.get("/api/searches/nosuch/solutions/1").status_code == 404


def test_all_below_the_cap_finds_every_solution(client: TestClient, tmp_path: Path) -> None:
    text = "board 2x3\npiece 3|D\n##\n"
    found = events(client, {"puzzle": text, "mode": "all", "cap": 1000})
    done = found[-1][1]
    assert done["status"] == "exhausted"
    assert done["count"] == int(dlx_tile(tmp_path, text, "--count").stdout) == 3
    listed = client.get(f"/api/searches/{found[0][1]}/solutions.json").json()
    assert listed["count"] == 3 and listed["status"] == "exhausted"


def test_a_piece_may_be_kept_from_turning(client: TestClient) -> None:
    """A piece that may not turn nor flip keeps the solutions where it lies as drawn (the
    first of its orientations, as `dlx.tiling` lists them), and only those."""
    from dlx.tiling.build import build, solutions
    from dlx.tiling.drawn import read_picture

    tiling = build(read_picture(SMALL))
    as_drawn = sum(1 for s in solutions(tiling) if next(p for p in s if p.piece == 0).base == 0)
    fixed = {"a": {"rotate": False, "flip": False}}
    done = events(client, {"puzzle": SMALL, "mode": "count", "pieces": fixed})[-1][1]
    free = events(client, {"puzzle": SMALL, "mode": "count"})[-1][1]
    assert (done["count"], free["count"]) == (as_drawn, len(list(solutions(tiling))))
    assert 0 < done["count"] < free["count"]


def test_the_search_s_own_errors_arrive_as_an_event(client: TestClient) -> None:
    body = {"puzzle": "board 1x2\npiece D\n#\n#\n#\n", "mode": "solve"}
    answer = client.post("/api/searches", json=body)
    assert answer.status_code == 400  # the area is checked before any search
    big = "board 62x62\npieces hexominoes\n"
    assert (
        client.post("/api/check", json={"puzzle": big})
        .json()["error"]
        .startswith("the pieces cover")
    )


def test_no_solution_is_said(client: TestClient) -> None:
    done = events(client, {"puzzle": "board\n##\n#.\npiece I\n###\n", "mode": "solve"})[-1][1]
    assert (done["status"], done["count"]) == ("exhausted", 0)


@pytest.mark.parametrize("stem", KNUTH)
def test_the_dlx_download_is_dlx_tile_dlx(client: TestClient, tmp_path: Path, stem: str) -> None:
    text = (TILE / f"{stem}.txt").read_text()
    answer = client.post("/api/dlx", json={"puzzle": text})
    assert answer.status_code == 200
    assert answer.text == dlx_tile(tmp_path, text, "--dlx").stdout


def test_fillit_gives_the_canonical_answer(client: TestClient) -> None:
    from dlx.pictures.svg import board_svg

    valid = ROOT / "corpus" / "fillit" / "valid"
    found = events(client, {"puzzle": (valid / "exact_fit_6x6.txt").read_text(), "mode": "fillit"})
    solution = dict(found)["solution"]
    rows = (valid / "exact_fit_6x6.out").read_text().split()
    assert solution["text"] == rows and solution["svg"] == board_svg(rows)


def test_fillit_reports_the_nodes_its_search_took(client: TestClient) -> None:
    """The done event's nodes are those `fillit stats --json` counts for the same input (every
    size tried and the canonical answer's search), not 0."""
    case = ROOT / "corpus" / "fillit" / "valid" / "needs_growth.txt"
    done = dict(events(client, {"puzzle": case.read_text(), "mode": "fillit"}))["done"]
    stats = subprocess.run(
        [sys.executable, "-m", "fillit", "stats", "--json", "--jobs", "1", str(case)],
        capture_output=True,
        text=True,
        check=True,
    )
    figures = json.loads(stats.stdout)
    nodes = sum(attempt["nodes"] for attempt in figures["attempts"])
    assert done["nodes"] == nodes + figures["canonical"]["nodes"] > 0


def test_a_bad_fillit_input_gets_fillit_s_message(client: TestClient) -> None:
    invalid = sorted((ROOT / "corpus" / "fillit" / "invalid").glob("*.txt"))[0]
    answer = client.post("/api/searches", json={"puzzle": invalid.read_text(), "mode": "fillit"})
    assert answer.status_code in (400, 413)
    expected = invalid.with_suffix(".err").read_text().removeprefix("fillit: ").strip()
    assert answer.json()["error"].endswith(expected)


def test_too_many_searches_at_once_are_refused() -> None:
    with TestClient(create_app(Settings(max_searches=1)), base_url="http://127.0.0.1") as test:
        first = test.post("/api/searches", json={"puzzle": ENDLESS, "mode": "count"})
        second = test.post("/api/searches", json={"puzzle": ENDLESS, "mode": "count"})
        assert (first.status_code, second.status_code) == (201, 429)
        assert "1 searches are running" in second.json()["error"]
        test.post(f"/api/searches/{first.json()['id']}/stop")


def test_a_search_nobody_watches_is_stopped() -> None:
    settings = Settings(unwatched=0.5)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as test:
        key = test.post("/api/searches", json={"puzzle": ENDLESS, "mode": "count"})
        time.sleep(2.0)
        listed = test.get(f"/api/searches/{key.json()['id']}/solutions.json").json()
    assert listed["status"] == "stopped"


def test_a_budget_stops_a_search_and_says_so() -> None:
    with TestClient(create_app(Settings(max_nodes=1000)), base_url="http://127.0.0.1") as test:
        done = events(test, {"puzzle": PENTOMINOES_6X10, "mode": "count"})[-1][1]
    assert done["status"] == "budget" and done["nodes"] <= 1000


def worker_of(server: int, before: set[int], timeout: float = 10.0) -> int:
    """The search process the server started since `before` (its descendants then)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        new = descendants(server) - before
        if new:
            return min(new)
        time.sleep(0.05)
    raise AssertionError("no search process appeared")


def watch(url: str, key: str, leave: threading.Event) -> None:
    """Read a search's events as a page does, until it leaves (mid-stream, unread data left)."""
    with (
        httpx.Client(base_url=url, timeout=30) as http,
        http.stream("GET", f"api/searches/{key}/events") as stream,
    ):
        for _ in stream.iter_lines():
            if leave.is_set():
                return


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_stop_and_leaving_end_the_search_and_its_process() -> None:
    with studio_server() as (url, process), httpx.Client(base_url=url, timeout=30) as http:
        job = {"puzzle": PENTOMINOES_6X10, "mode": "solve"}
        http.post("api/searches", json=job)  # the process server starts with the first search
        time.sleep(0.5)
        before = descendants(process.pid)
        key = http.post("api/searches", json={**job, "mode": "count"}).json()["id"]
        worker = worker_of(process.pid, before)
        deadline = time.monotonic() + 5  # (the worker lowers its priority as its first step)
        while niceness(worker) != niceness(process.pid) + NICE and time.monotonic() < deadline:
            time.sleep(0.02)
        assert niceness(worker) == niceness(process.pid) + NICE  # the page's requests first
        with http.stream("GET", f"api/searches/{key}/events") as stream:
            lines = stream.iter_lines()
            assert next(lines) == "event: progress"
            assert http.get("api/sets").status_code == 200  # a search holds up no request
            stopped = time.monotonic()
            assert http.post(f"api/searches/{key}/stop").json() == {"stopped": True}
            tail = list(lines)
        assert not alive(worker) and time.monotonic() - stopped < 1.0
        assert json.loads(tail[-2][6:])["status"] == "stopped"
        # a page that goes away takes its search with it
        before = descendants(process.pid)
        key = http.post("api/searches", json={**job, "mode": "count"}).json()["id"]
        worker = worker_of(process.pid, before)
        with http.stream("GET", f"api/searches/{key}/events") as stream:
            next(stream.iter_lines())
        deadline = time.monotonic() + 5
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(worker)
        # pages that leave as their search is stopped leave the server up
        for _ in range(3):
            key = http.post("api/searches", json={**job, "mode": "count"}).json()["id"]
            leave = threading.Event()
            page = threading.Thread(target=watch, args=(url, key, leave))
            page.start()
            time.sleep(0.5)
            leave.set()
            http.post(f"api/searches/{key}/stop")
            page.join(10)
        time.sleep(0.5)
        assert process.poll() is None and http.get("api/sets").status_code == 200
    assert process.returncode == 130  # Ctrl-C, as for every dlx command
    assert process.stderr is not None and process.stderr.read() == "dlx: interrupted\n"


def test_dlx_help_does_not_load_the_studio() -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "dlx", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert "studio" in done.stdout
    loaded = {line.rpartition("|")[2].strip().split(".")[0] for line in done.stderr.splitlines()}
    assert not loaded & {"starlette", "uvicorn", "socket", "asyncio"}


def test_studio_help_and_a_missing_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    help_text = invoke_dlx(["studio", "--help"]).stdout
    assert all(option in help_text for option in ("--port", "--host", "--no-browser"))
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    result = invoke_dlx(["studio", "--no-browser"])
    assert result.exit_code == 1
    assert "dlx studio needs the studio extra" in result.stderr


def test_listening_wider_warns() -> None:
    with studio_server("--host", "0.0.0.0") as (url, process):
        assert url.startswith("http://127.0.0.1:")
    assert process.stderr is not None
    assert "warning: listening on 0.0.0.0" in process.stderr.read()


def test_a_taken_port_is_one_line() -> None:
    with studio_server() as (url, _):
        port = url.rstrip("/").rpartition(":")[2]
        done = subprocess.run(
            [sys.executable, "-m", "dlx", "studio", "--no-browser", "--port", port],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ},
            timeout=30,
        )
    assert done.returncode == 1
    assert done.stderr.startswith(f"dlx: cannot listen on 127.0.0.1:{port}: ")
    assert len(done.stderr.splitlines()) == 1


def test_finished_searches_are_forgotten_past_their_number_or_their_time() -> None:
    job = {"puzzle": SMALL, "mode": "all"}
    with TestClient(create_app(Settings(keep=2)), base_url="http://127.0.0.1") as test:
        keys = [events(test, job)[0][1] for _ in range(3)]
        assert forgotten(test, keys[0])
        assert [test.get(f"/api/searches/{key}/solutions/1").status_code for key in keys[1:]] == [
            200,
            200,
        ]
    with TestClient(create_app(Settings(expire=0.3)), base_url="http://127.0.0.1") as test:
        assert forgotten(test, events(test, job)[0][1])


def forgotten(test: TestClient, key: str) -> bool:
    """Whether the server forgets search `key` within a few seconds (its process is reaped
    after its last event, then it may be forgotten)."""
    deadline = time.monotonic() + 10
    while test.get(f"/api/searches/{key}/solutions/1").status_code == 200:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_checks_and_drawings_count_against_the_cap() -> None:
    with TestClient(create_app(Settings(max_searches=1)), base_url="http://127.0.0.1") as test:
        first = test.post("/api/searches", json={"puzzle": ENDLESS, "mode": "count"})
        assert first.status_code == 201
        for path in ("/api/check", "/api/dlx", "/api/searches"):
            answer = test.post(path, json={"puzzle": SMALL})
            assert answer.status_code == 429, path
        test.post(f"/api/searches/{first.json()['id']}/stop")


def test_work_past_its_deadline_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check that takes longer than the server's timeout (and no time beyond it to build)."""
    monkeypatch.setattr("dlx.studio.runs.BUILD_SECONDS", 0.0)
    puzzle = "[0-Z][0-Z]\n" + "".join(f"0:1922|A 00 1{k}\n" for k in "123456789abcdefghijk")
    with TestClient(create_app(Settings(timeout=0.2)), base_url="http://127.0.0.1") as test:
        answer = test.post("/api/check", json={"puzzle": puzzle})
    assert answer.status_code == 503
    assert answer.json() == {"error": "the work ended before its answer (it passed its deadline)"}


def test_a_large_dlx_text_comes_in_chunks_as_dlx_tile_prints_it(
    client: TestClient, tmp_path: Path
) -> None:
    text = "[0-Z][0-Z]\n" + "".join(f"0:1922|A 00 1{k}\n" for k in "123456789abcdefghijk")
    answer = client.post("/api/dlx", json={"puzzle": text})
    assert answer.status_code == 200 and len(answer.text) > 10 * 64 * 1024
    assert answer.text == dlx_tile(tmp_path, text, "--dlx").stdout


def test_a_box_of_cubes_gives_each_piece_s_cells_for_the_3d_view(client: TestClient) -> None:
    """A solved box (the Soma cube) gives the legend's pieces in their colours with their cells
    (row, column, layer), the `Solution.placements` of `dlx.tiling`, every cell of the box once;
    a flat board's solution gives none."""
    from dlx.tiling import Puzzle

    text = (ROOT / "dlx" / "studio" / "examples" / "soma.txt").read_text()
    solution = dict(events(client, {"puzzle": text, "mode": "solve"}))["solution"]
    cubes = solution["cubes"]
    assert [(p["name"], p["colour"]) for p in cubes] == [
        (item["name"], item["colour"]) for item in solution["legend"]
    ]
    placed = Puzzle.read(text).first()
    assert placed is not None
    assert {p["name"]: p["cells"] for p in cubes} == {
        name: [list(cell) for cell in cells] for (name, _), cells in placed.placements.items()
    }
    every = sorted(tuple(cell) for p in cubes for cell in p["cells"])
    assert every == [(x, y, z) for x in range(3) for y in range(3) for z in range(3)]
    flat = dict(events(client, {"puzzle": SMALL, "mode": "solve"}))["solution"]
    assert "cubes" not in flat


def test_a_check_of_spec_lines_gives_their_grid_and_board(client: TestClient) -> None:
    """Knuth's spec lines name no grid: the check says the one `dlx tile` reads them on, and
    their board as a picture draws it, for the page's Puzzle panel."""
    text = (ROOT / "dlx" / "studio" / "examples" / "soma.txt").read_text()
    figures = client.post("/api/check", json={"puzzle": text}).json()
    assert (figures["grid"], figures["format"], figures["cells"]) == ("cube", "spec", 27)
    assert figures["board"] == ["###", "###", "###", ""] * 2 + ["###"] * 3
