"""The `fillit` command line's contract: output, standard error and exit status of each command.

Most tests run the typer app in process (`CliRunner`, which keeps standard output and standard
error apart as `result.stdout` and `result.stderr`); those about pipes, signals and terminals run
`python -m fillit` as a child process. Exit statuses: 0 answered, 1 invalid input, 2 usage,
3 stopped by a budget, 130 interrupted.
"""

from __future__ import annotations

import json
import os
import re
import select
import shlex
import signal
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from commands import invoke_fillit
from places import ROOT

import fillit
from dlx.engines.links.engine import core_name

O_PIECE = "##..\n##..\n....\n....\n"
I_UPRIGHT = "#...\n#...\n#...\n#...\n"
I_FLAT = "####\n....\n....\n....\n"
Z_PIECE = "##..\n.##.\n....\n....\n"


def blocks(*pieces: str) -> str:
    """A fillit file holding `pieces` in order, separated by single empty lines."""
    return "\n".join(pieces)


TWO_PIECES = blocks(O_PIECE, I_UPRIGHT)
TWO_PIECES_ANSWER = "AAB.\nAAB.\n..B.\n..B.\n"
FOUR_Z = blocks(*[Z_PIECE] * 4)
"""Four Z pieces cannot tile 4x4, so the search grows to 5x5 (a handful of nodes)."""
FOUR_Z_ANSWER = "AABB.\n.AABB\nCCDD.\n.CCDD\n.....\n"
SEVEN_BARS = blocks(*[I_UPRIGHT] * 7)
"""About 18,000 nodes on 6x6, more than the engine's 4,096 between budget checks; 0.2 s."""
SLOW = blocks(*[Z_PIECE] * 4, I_UPRIGHT, I_FLAT, *[Z_PIECE] * 5)
"""About a million nodes on 7x7: several seconds, long enough to interrupt."""

ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

QUIET_ENV: dict[str, str | None] = {
    "NO_COLOR": None,
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
    "COLUMNS": "120",
    "TERM": "xterm-256color",
}
"""The environment every in-process run starts from: no colour switch set, a known width."""
FORCED_COLOUR = {**QUIET_ENV, "FORCE_COLOR": "1"}


def fillit_file(tmp_path: Path, text: str | bytes, name: str = "pieces.txt") -> str:
    """The path, as a string, of a new file holding `text`."""
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="ascii", newline="")
    return str(path)


def assert_one_line(stderr: str, *, starts: str = "fillit: ", contains: str = "") -> None:
    """Standard error is exactly one newline-terminated line with the given start and content."""
    assert stderr.startswith(starts), stderr
    assert stderr.endswith("\n") and stderr.count("\n") == 1, stderr
    assert contains in stderr, stderr


def strip_ansi(text: str) -> str:
    """`text` without its ANSI escape sequences."""
    return ANSI_ESCAPE.sub("", text)


# solve: output and colour


def test_solve_prints_the_plain_board_when_not_on_a_terminal(tmp_path: Path) -> None:
    result = invoke_fillit(["solve", fillit_file(tmp_path, TWO_PIECES)])
    assert (result.exit_code, result.stdout, result.stderr) == (0, TWO_PIECES_ANSWER, "")


def test_solve_plain_prints_no_escape_codes_even_when_colour_is_forced(tmp_path: Path) -> None:
    result = invoke_fillit(
        ["solve", "--plain", fillit_file(tmp_path, TWO_PIECES)], env=FORCED_COLOUR
    )
    assert (result.exit_code, result.stdout) == (0, TWO_PIECES_ANSWER)


def test_solve_draws_in_colour_when_force_color_is_set(tmp_path: Path) -> None:
    result = invoke_fillit(["solve", fillit_file(tmp_path, TWO_PIECES)], env=FORCED_COLOUR)
    assert result.exit_code == 0
    assert "\x1b[" in result.stdout


def test_solve_coloured_output_stripped_of_escapes_is_the_plain_output(tmp_path: Path) -> None:
    path = fillit_file(tmp_path, FOUR_Z)
    coloured = invoke_fillit(["solve", path], env=FORCED_COLOUR).stdout
    assert strip_ansi(coloured) == invoke_fillit(["solve", path]).stdout == FOUR_Z_ANSWER


def test_solve_no_color_wins_over_force_color(tmp_path: Path) -> None:
    env = {**FORCED_COLOUR, "NO_COLOR": "1"}
    result = invoke_fillit(["solve", fillit_file(tmp_path, TWO_PIECES)], env=env)
    assert (result.exit_code, result.stdout) == (0, TWO_PIECES_ANSWER)


def test_solve_dash_reads_standard_input() -> None:
    result = invoke_fillit(["solve", "-"], stdin=TWO_PIECES)
    assert (result.exit_code, result.stdout, result.stderr) == (0, TWO_PIECES_ANSWER, "")


def test_solve_check_prints_the_board_and_reports_the_check_on_stderr(tmp_path: Path) -> None:
    result = invoke_fillit(["solve", "--check", fillit_file(tmp_path, FOUR_Z)])
    assert (result.exit_code, result.stdout) == (0, FOUR_Z_ANSWER)
    assert result.stderr == "fillit: check passed\n"


# invalid input and sources


INVALID_INPUTS = {
    "empty": b"",
    "short-row": b"##..\n##..\n....\n...\n",
    "no-final-newline": O_PIECE[:-1].encode(),
    "empty-line-after-last-block": (O_PIECE + "\n").encode(),
    "two-empty-lines-between-blocks": (O_PIECE + "\n\n" + O_PIECE).encode(),
    "disconnected": b"#...\n#...\n#...\n...#\n",
    "five-hashes": b"##..\n##..\n#...\n....\n",
    "bad-character": b"##..\n#x..\n#...\n....\n",
    "non-ascii-byte": b"##..\n##\xff.\n....\n....\n",
    "27-pieces": blocks(*[O_PIECE] * 27).encode(),
}


@pytest.mark.parametrize("command", [["solve"], ["stats"], ["stats", "--json"]], ids=" ".join)
@pytest.mark.parametrize("text", INVALID_INPUTS.values(), ids=INVALID_INPUTS.keys())
def test_invalid_input_prints_error_and_exits_1(
    tmp_path: Path, command: list[str], text: bytes
) -> None:
    result = invoke_fillit([*command, fillit_file(tmp_path, text)])
    assert (result.exit_code, result.stdout) == (1, "error\n")
    assert_one_line(result.stderr)


def test_invalid_standard_input_prints_error_and_exits_1() -> None:
    result = invoke_fillit(["solve", "-"], stdin="##..\n")
    assert (result.exit_code, result.stdout) == (1, "error\n")
    assert_one_line(result.stderr)


@pytest.mark.parametrize("command", ["solve", "stats"])
@pytest.mark.parametrize("source", ["missing", "directory", "empty-name"])
def test_unreadable_source_prints_error_and_exits_1(
    tmp_path: Path, command: str, source: str
) -> None:
    name = {"missing": str(tmp_path / "absent.txt"), "directory": str(tmp_path), "empty-name": ""}
    result = invoke_fillit([command, name[source]])
    assert (result.exit_code, result.stdout) == (1, "error\n")
    assert_one_line(result.stderr)


# usage


def test_no_arguments_shows_help_with_exit_2() -> None:
    result = invoke_fillit([])
    assert result.exit_code == 2
    assert "Usage:" in result.stdout
    assert "solve" in result.stdout and "stats" in result.stdout


USAGE_ERRORS = {
    "solve-no-file": ["solve"],
    "stats-no-file": ["stats"],
    "two-files": ["solve", "FILE", "FILE"],
    "negative-timeout": ["solve", "--timeout", "-1", "FILE"],
    "negative-max-nodes": ["solve", "--max-nodes", "-1", "FILE"],
    "timeout-not-a-number": ["solve", "--timeout", "soon", "FILE"],
    "unknown-option": ["solve", "--no-such-option", "FILE"],
    "unknown-command": ["frobnicate", "FILE"],
}


@pytest.mark.parametrize("args", USAGE_ERRORS.values(), ids=USAGE_ERRORS.keys())
def test_usage_error_exits_2_with_usage_on_stderr(tmp_path: Path, args: list[str]) -> None:
    path = fillit_file(tmp_path, TWO_PIECES)
    result = invoke_fillit([path if arg == "FILE" else arg for arg in args])
    assert (result.exit_code, result.stdout) == (2, "")
    assert "Usage:" in result.stderr


def test_version_prints_the_package_and_pyproject_version() -> None:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        declared = tomllib.load(handle)["project"]["version"]
    result = invoke_fillit(["--version"])
    expected = f"{fillit.__version__} (core: {core_name()})\n"
    assert (result.exit_code, result.stdout) == (0, expected)
    assert fillit.__version__ == declared


# budgets


@pytest.mark.parametrize("command", [["solve"], ["stats"], ["stats", "--json"]], ids=" ".join)
def test_max_nodes_1_stops_with_exit_3_and_one_unknown_line(
    tmp_path: Path, command: list[str]
) -> None:
    result = invoke_fillit([*command, "--max-nodes", "1", fillit_file(tmp_path, TWO_PIECES)])
    assert result.exit_code == 3
    assert_one_line(result.stderr, contains="unknown")
    assert "AAB." not in result.stdout


def test_solve_budget_exit_prints_nothing_on_stdout(tmp_path: Path) -> None:
    result = invoke_fillit(["solve", "--max-nodes", "1", fillit_file(tmp_path, TWO_PIECES)])
    assert (result.exit_code, result.stdout) == (3, "")


def test_a_spent_budget_stops_a_search_of_many_nodes_with_exit_3(tmp_path: Path) -> None:
    result = invoke_fillit(["solve", "--max-nodes", "1", fillit_file(tmp_path, SEVEN_BARS)])
    assert (result.exit_code, result.stdout) == (3, "")
    assert_one_line(result.stderr, contains="unknown")


@pytest.mark.parametrize("option", [["--timeout", "0"], ["--timeout", "inf"], ["--max-nodes", "0"]])
def test_an_empty_or_endless_budget_is_a_usage_error(tmp_path: Path, option: list[str]) -> None:
    result = invoke_fillit(["solve", *option, fillit_file(tmp_path, SEVEN_BARS)])
    assert (result.exit_code, result.stdout) == (2, "")


def test_stats_json_after_a_budget_says_unknown_not_unsolvable(tmp_path: Path) -> None:
    result = invoke_fillit(
        ["stats", "--json", "--max-nodes", "1", fillit_file(tmp_path, SEVEN_BARS)]
    )
    report = json.loads(result.stdout)
    assert result.exit_code == 3
    assert (report["solved"], report["size"], report["rows"]) == (False, None, None)
    assert report["attempts"][-1]["solved"] is None


# stats


def test_stats_shows_sizes_tried_pieces_smallest_square_and_board(tmp_path: Path) -> None:
    result = invoke_fillit(["stats", fillit_file(tmp_path, FOUR_Z)])
    lines = result.stdout.splitlines()
    assert (result.exit_code, result.stderr) == (0, "")
    header = next(line for line in lines if "size" in line and "fits" in line)
    for column in ("size", "fits", "nodes", "updates", "seconds"):
        assert re.search(rf"\b{column}\b", header), column
    assert re.search(r"\b4x4\b.*\bno\b", result.stdout)
    assert re.search(r"\b5x5\b.*\byes\b", result.stdout)
    assert "Pieces" in lines and re.search(r"\bA B C D\b", result.stdout)
    square = lines.index("Smallest square: 5x5")
    assert lines[square + 1 : square + 6] == FOUR_Z_ANSWER.splitlines()


DOCUMENTS = (
    "README.md",
    "dlx/DESIGN.md",
    "dlx/engines/zdd/DESIGN.md",
    "dlx/CHANGELOG.md",
    "fillit/DESIGN.md",
    "fillit/CHANGELOG.md",
)
"""The pages whose examples are tested: `>>>` ones as doctests, `$ ...` ones here."""


def shown_commands() -> list[tuple[str, str, list[str]]]:
    """Each `$ fillit ...` or `$ dlx ...` block of the documents that shows output, as
    (document, command, the lines shown)."""
    found = []
    for name in DOCUMENTS:
        lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
        for at, line in enumerate(lines[1:], start=1):
            if lines[at - 1] == "```" and re.match(r"\$ (fillit|dlx) ", line):
                end = lines.index("```", at)
                if end > at + 1:
                    found.append((name, line[2:], lines[at + 1 : end]))
    return found


@pytest.mark.parametrize(("document", "command", "shown"), shown_commands())
def test_each_example_in_the_docs_is_what_its_command_prints(
    document: str, command: str, shown: list[str]
) -> None:
    """The README and the design notes show commands with their output, or its start (as after
    `| head -3`): the command prints the same lines, but for the seconds, the core's name and
    the centring of titles."""
    words = shlex.split(command)
    words = words[: words.index("|")] if "|" in words else words
    env = {
        key: value for key, value in os.environ.items() if not key.startswith(("FORCE_", "TTY_"))
    }
    done = subprocess.run(
        [sys.executable, "-m", *words],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**env, "COLUMNS": "120", "NO_COLOR": "1"},
        timeout=120,
        check=False,
    )

    def masked(lines: list[str]) -> list[str]:
        timeless = [re.sub(r"\d+\.\d{3}", "S", line).strip() for line in lines]
        return [re.sub(r"\((compiled|python) core\)", "(CORE)", line) for line in timeless]

    assert done.returncode == 0, (document, done.stderr)
    assert masked(done.stdout.splitlines()[: len(shown)]) == masked(shown), document


def shell_blocks(document: str) -> list[list[str]]:
    """The lines of each `sh` block of a document."""
    text = (ROOT / document).read_text(encoding="utf-8")
    return [block.splitlines() for block in re.findall(r"(?ms)^```sh\n(.*?)^```", text)]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_each_shell_example_runs_from_the_clone_alone(document: str) -> None:
    """Issue 32: a newcomer with nothing beside the clone can run every shell example: each file
    it reads is in the project or made by a line before it (`> FILE`), none is in `../shared`."""
    for block in shell_blocks(document):
        made: set[str] = set()
        for line in block:
            words = shlex.split(line.split("#")[0])
            assert not any(word.startswith("../") for word in words), line
            for at, word in enumerate(words):
                if at and words[at - 1] == ">":
                    made.add(word)
                elif re.search(r"\.(txt|dlx|tile)$", word):
                    assert word in made or (ROOT / word).is_file(), (document, line)


def heading_anchors(text: str) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, spaces to hyphens, no punctuation."""
    titles = re.findall(r"(?m)^#+ (.+)$", text)
    return {re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-") for title in titles}


@pytest.mark.parametrize("document", DOCUMENTS)
def test_the_docs_links_lead_somewhere_and_the_readme_stays_short(document: str) -> None:
    """Issue 24: the README is a user's page under 15,000 characters; every link between the
    pages names a file that exists and, after `#`, one of its headings."""
    page = ROOT / document
    text = page.read_text(encoding="utf-8")
    assert document != "README.md" or len(text) < 15_000
    for target in re.findall(r"\]\(([^)#:]*)(?:#([^)]*))?\)", text):
        linked = (page.parent / target[0]) if target[0] else page
        assert linked.is_file(), target
        assert not target[1] or target[1] in heading_anchors(linked.read_text(encoding="utf-8"))


def test_stats_json_is_one_object_describing_the_search(tmp_path: Path) -> None:
    result = invoke_fillit(["stats", "--json", fillit_file(tmp_path, FOUR_Z)])
    report = json.loads(result.stdout)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.count("\n") == 1 and result.stdout.endswith("}\n")
    assert {"pieces", "size", "solved", "attempts", "groups", "rows"} <= report.keys()
    assert (report["pieces"], report["size"], report["solved"]) == (4, 5, True)
    assert report["groups"] == [["A", "B", "C", "D"]]
    assert report["rows"] == FOUR_Z_ANSWER.splitlines()
    assert report["core"] == core_name() in ("compiled", "python")


def test_stats_json_attempts_grow_by_one_up_to_the_answer(tmp_path: Path) -> None:
    report = json.loads(invoke_fillit(["stats", "--json", fillit_file(tmp_path, FOUR_Z)]).stdout)
    attempts = report["attempts"]
    sizes = [a["size"] for a in attempts]
    assert sizes == list(range(sizes[0], sizes[0] + len(sizes))) and sizes[-1] == report["size"]
    assert [a["solved"] for a in attempts] == [False] * (len(attempts) - 1) + [True]
    for attempt in attempts:
        assert {"size", "solved", "decided_by", "nodes", "updates", "seconds"} <= attempt.keys()
        assert isinstance(attempt["seconds"], float) and attempt["seconds"] >= 0
        if attempt["decided_by"] == "search":
            assert isinstance(attempt["nodes"], int) and attempt["nodes"] > 0
            assert isinstance(attempt["updates"], int) and attempt["updates"] > 0
        else:  # a colouring refuted the size without any search
            assert attempt["decided_by"].startswith("colouring (")
            assert (attempt["solved"], attempt["nodes"], attempt["updates"]) == (False, 0, 0)


def test_stats_json_is_bare_json_even_when_colour_is_forced(tmp_path: Path) -> None:
    path = fillit_file(tmp_path, TWO_PIECES)
    result = invoke_fillit(["stats", "--json", path], env=FORCED_COLOUR)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["rows"] == TWO_PIECES_ANSWER.splitlines()


def test_stats_plain_prints_no_escape_codes_even_when_colour_is_forced(tmp_path: Path) -> None:
    result = invoke_fillit(
        ["stats", "--plain", fillit_file(tmp_path, TWO_PIECES)], env=FORCED_COLOUR
    )
    assert result.exit_code == 0
    assert "\x1b" not in result.stdout and "\r" not in result.stdout


# the program as a process


def child_env(**changes: str | None) -> dict[str, str]:
    """The environment of a `python -m fillit` child: no colour, a known width, no PYTHONPATH."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120", "TERM": "xterm-256color"}
    for name in ("PYTHONPATH", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        env.pop(name, None)
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def fillit_process(
    *args: str, stdout: int = subprocess.PIPE, env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """Start `python -m fillit ARGS` from the repository's root, with Ctrl-C (SIGINT) acting
    as on a terminal even when the tests run in the background, which ignores it."""
    return subprocess.Popen(
        [sys.executable, "-m", "fillit", *args],
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=child_env() if env is None else env,
        preexec_fn=None if sys.platform == "win32" else _interruptible,
    )


def _interruptible() -> None:
    """In the child before it starts: SIGINT back to its default. A job started in the
    background (`command &`) ignores SIGINT, its children inherit that, and Python then never
    turns the signal into KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextmanager
def finished(child: subprocess.Popen[bytes]) -> Iterator[subprocess.Popen[bytes]]:
    """`child`, killed on leaving if a failed test left it running."""
    try:
        yield child
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def run_fillit(*args: str) -> subprocess.CompletedProcess[str]:
    """Run `python -m fillit ARGS` from the repository's root to the end, capturing its text."""
    return subprocess.run(
        [sys.executable, "-m", "fillit", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=child_env(),
        timeout=60,
    )


def test_python_m_fillit_prints_what_the_app_prints(tmp_path: Path) -> None:
    path = fillit_file(tmp_path, FOUR_Z)
    child = run_fillit("solve", path)
    assert (child.returncode, child.stdout, child.stderr) == (
        0,
        invoke_fillit(["solve", path]).stdout,
        "",
    )


@pytest.mark.parametrize("args", [[], ["solve"]], ids=["no-arguments", "solve-no-file"])
def test_python_m_fillit_usage_errors_exit_2_without_traceback(args: list[str]) -> None:
    child = run_fillit(*args)
    assert child.returncode == 2
    assert "Usage:" in child.stdout + child.stderr
    assert "Traceback" not in child.stderr


def test_stats_piped_shows_no_live_progress(tmp_path: Path) -> None:
    child = run_fillit("stats", fillit_file(tmp_path, SEVEN_BARS))
    assert child.returncode == 0
    assert "\r" not in child.stdout and "\x1b" not in child.stdout
    assert "searching" not in child.stdout


@pytest.mark.parametrize("command", [["solve"], ["stats"], ["stats", "--json"]], ids=" ".join)
def test_reader_closing_the_pipe_early_ends_quietly(tmp_path: Path, command: list[str]) -> None:
    """The reader is gone before the answer is written (as `fillit ... | head -0` would do)."""
    with finished(fillit_process(*command, fillit_file(tmp_path, SEVEN_BARS))) as child:
        assert child.stdout is not None
        child.stdout.close()
        _, stderr = child.communicate(timeout=60)
    assert stderr.decode() == ""  # no traceback, no "BrokenPipeError" ignored at exit
    # ended by SIGPIPE like other Unix tools (a shell reports 141); 1 would mean "invalid input"
    assert child.returncode == -signal.SIGPIPE


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT cannot be sent to a child on Windows")
@pytest.mark.parametrize("command", [["solve"], ["stats"]], ids=" ".join)
def test_ctrl_c_during_a_search_exits_130_with_one_line(tmp_path: Path, command: list[str]) -> None:
    # the ordered search (the first release) takes seconds on this input; the fast path does not
    with finished(fillit_process(*command, "--ordered", fillit_file(tmp_path, SLOW))) as child:
        time.sleep(1.0)
        assert child.poll() is None, "the search ended before it could be interrupted"
        child.send_signal(signal.SIGINT)
        stdout, stderr = child.communicate(timeout=30)
    assert child.returncode == 130
    assert stdout == b""
    assert stderr.decode() == "fillit: interrupted\n"


# on a terminal


def on_terminal(args: list[str], **env_changes: str | None) -> tuple[int, str, str]:
    """Run `python -m fillit ARGS` with a pseudo-terminal as standard output.

    Returns the exit status, the terminal's output (with its "\\r\\n" turned back into "\\n")
    and standard error.
    """
    import pty

    controller, terminal = pty.openpty()
    try:
        child = fillit_process(*args, stdout=terminal, env=child_env(**env_changes))
    finally:
        os.close(terminal)
    chunks = []
    with finished(child):
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                if not select.select([controller], [], [], 1.0)[0]:
                    continue
                try:
                    chunk = os.read(controller, 4096)
                except OSError:  # Linux: EIO once the child has closed the terminal
                    break
                if not chunk:
                    break
                chunks.append(chunk)
        finally:
            os.close(controller)
        _, stderr = child.communicate(timeout=10)
    output = b"".join(chunks).decode().replace("\r\n", "\n")
    return child.returncode, output, stderr.decode()


needs_pty = pytest.mark.skipif(
    sys.platform == "win32", reason="pseudo-terminals need the pty module (POSIX only)"
)


@needs_pty
def test_solve_on_a_terminal_draws_each_letter_in_colour(tmp_path: Path) -> None:
    status, output, stderr = on_terminal(
        ["solve", fillit_file(tmp_path, TWO_PIECES)], NO_COLOR=None
    )
    assert (status, stderr) == (0, "")
    assert "\x1b[" in output
    assert strip_ansi(output) == TWO_PIECES_ANSWER


PLAIN_ON_TERMINAL = {
    "plain-option": (["--plain"], {"NO_COLOR": None}),
    "no-color": ([], {"NO_COLOR": "1"}),
}


@needs_pty
@pytest.mark.parametrize("command", ["solve", "stats"])
@pytest.mark.parametrize(
    ("option", "env"), PLAIN_ON_TERMINAL.values(), ids=PLAIN_ON_TERMINAL.keys()
)
def test_plain_request_on_a_terminal_prints_no_escape_codes(
    tmp_path: Path, command: str, option: list[str], env: dict[str, str | None]
) -> None:
    path = fillit_file(tmp_path, TWO_PIECES)
    status, output, stderr = on_terminal([command, *option, path], **env)
    assert (status, stderr) == (0, "")
    assert "\x1b" not in output
    assert TWO_PIECES_ANSWER in output


def test_solve_svg_writes_the_square_as_a_picture(tmp_path: Path) -> None:
    """--svg FILE writes well-formed SVG of the answer's square (and a margin of a border's
    width) beside the printed answer."""
    import xml.etree.ElementTree as ElementTree

    picture = tmp_path / "answer.svg"
    result = invoke_fillit(["solve", "--svg", str(picture), fillit_file(tmp_path, TWO_PIECES)])
    assert result.exit_code == 0
    side = len(result.stdout.splitlines())
    root = ElementTree.fromstring(picture.read_text())
    assert (root.get("width"), root.get("height")) == (str(side * 24 + 4), str(side * 24 + 4))


def test_a_plain_answer_loads_neither_rich_nor_pydantic() -> None:
    """Start-up counts in every answer's time: a piped `solve` draws nothing, so it never imports
    rich, and typer stays below the releases that validate arguments with pydantic."""
    example = ROOT / "corpus/fillit/valid/readme_example.txt"
    script = (
        "import runpy, sys\n"
        f"sys.argv = ['fillit', 'solve', {str(example)!r}]\n"
        "try:\n"
        "    runpy.run_module('fillit', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print([name for name in ('rich', 'pydantic') if name in sys.modules], file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout == example.with_suffix(".out").read_text()
    assert done.stderr == "[]\n"
