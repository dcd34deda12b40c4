"""Long questions racing on two processes (`fillit.solver.questions.race`): the same answers as on
one core, the races logged and shown, one core with `--jobs 1` or a node budget, and no process
left behind, Ctrl-C included."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from commands import invoke_fillit
from fillit_oracle import canonical_rows
from hypothesis import given, settings
from places import ROOT
from tetrominoes import piece_lists

import fillit.solver.questions.race
import fillit.solver.questions.square_fits
from fillit.pieces import Piece
from fillit.solver.arrange import arrange_fast
from fillit.tools.generate import block, few_shapes, text

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="racing needs os.fork")


@pytest.fixture(autouse=True)
def free_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test races as if a core were free, whatever the machine's load."""
    monkeypatch.setattr(fillit.solver.questions.race, "idle_core", lambda: True)


def few(seed: int) -> list[Piece]:
    """The pieces of the stress benchmark's input of kind `few` and this seed."""
    rng = random.Random(f"few-{seed}")
    return few_shapes(rng.randint(14, 26), rng)


LONG = few(39)
"""22 pieces of four shapes whose questions take up to 70k nodes (a few race by default)."""

LONGER = few(6125)
"""26 pieces of four shapes whose run takes seconds."""


def children() -> set[int]:
    """This process's children, finished or not (Linux's /proc). Other tests may have left some
    here (a pool, or orphans given to this process while it was a subreaper): a race is judged by
    the children it adds."""
    found: set[int] = set()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        found.update(int(pid) for pid in (task / "children").read_text().split())
    return found


def text_of(pieces: list[Piece]) -> str:
    """A fillit file of the pieces."""
    rng = random.Random(0)
    return text([block(piece, rng) for piece in pieces])


@settings(max_examples=40, deadline=None)
@given(pieces=piece_lists(max_size=5))
def test_every_question_racing_gives_the_canonical_answer(pieces: list[Piece]) -> None:
    """With every question racing from its first round, the brute-force canonical answer, and
    no process left behind."""
    before = children()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fillit.solver.questions.square_fits, "RACE_CAP", 1)
        patch.setattr(fillit.solver.questions.square_fits, "FIRST_CAP", 1)
        fast = arrange_fast(pieces, jobs=2)
    assert fast.rows() == canonical_rows([piece.cells for piece in pieces])
    assert children() <= before


def test_races_are_logged_with_the_order_and_core_that_settled_them() -> None:
    """Racing, the same answer as on one core; each race names an order and a core."""
    before = children()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fillit.solver.questions.square_fits, "RACE_CAP", 1)
        raced = arrange_fast(LONG, jobs=2)
    alone = arrange_fast(LONG, jobs=1)
    assert raced.rows() == alone.rows()
    assert raced.canonical is not None and alone.canonical is not None
    assert raced.canonical.races and not alone.canonical.races
    orders = {"mrv by rows", "sweep by rows", "sweep by columns", "mrv by rows, witness first"}
    assert {order for order, _ in raced.canonical.races} <= orders
    assert {core for _, core in raced.canonical.races} <= {0, 1}
    assert children() <= before


def test_every_question_a_search_settled_is_logged_with_its_order_and_core() -> None:
    """On one core each question settled by a search (a glance, a repair, or a way's rounds) is
    logged in the order asked, all on core 0; racing, the same questions (the answer is the same)
    with the races among them, each on the core that settled it; `fillit stats` counts them."""
    alone = arrange_fast(LONG, jobs=1)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fillit.solver.questions.square_fits, "RACE_CAP", 1)
        raced = arrange_fast(LONG, jobs=2)
    assert alone.canonical is not None and raced.canonical is not None
    orders = {"glance", "repair", "mrv by rows", "sweep by rows", "sweep by columns"}
    orders |= {"mrv by rows, witness first"}
    assert alone.canonical.settled and {core for _, core in alone.canonical.settled} == {0}
    assert {order for order, _ in alone.canonical.settled} <= orders
    assert {order for order, _ in raced.canonical.settled} <= orders
    for race in raced.canonical.races:
        assert race in raced.canonical.settled
    asked = [order for order, _ in alone.canonical.settled]
    assert asked.count("glance") + asked.count("repair") <= alone.canonical.oracle_calls
    result = invoke_fillit(["stats", "--jobs", "1", "-"], stdin=text_of(LONG))
    table = result.stdout[result.stdout.index("Questions settled") :]
    for order in set(asked):
        count = asked.count(order)
        assert re.search(rf"{re.escape(order)} │\s+0 │\s+{count:,} │\s+0 │", table), order


def test_a_busy_machine_keeps_the_search_on_one_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """No core free, no race."""
    monkeypatch.setattr(fillit.solver.questions.race, "idle_core", lambda: False)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fillit.solver.questions.square_fits, "RACE_CAP", 1)
        answer = arrange_fast(LONG, jobs=2)
    assert answer.canonical is not None and not answer.canonical.races


def test_a_node_budget_keeps_the_search_on_one_core() -> None:
    """A node budget counts exactly, so nothing races under one."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fillit.solver.questions.square_fits, "RACE_CAP", 1)
        answer = arrange_fast(LONG, jobs=2, max_nodes=10**9)
    assert answer.canonical is not None and not answer.canonical.races
    assert answer.rows() == arrange_fast(LONG).rows()


def test_the_command_line_answers_alike_on_one_job_or_two(tmp_path: Path) -> None:
    """`solve --jobs 1` and `--jobs 2` print the same board; `stats --jobs 1` shows no race."""
    path = tmp_path / "long.txt"
    path.write_text(text_of(LONG))
    env = {"NO_COLOR": "1"}
    one = invoke_fillit(["solve", "--jobs", "1", str(path)], env=env)
    two = invoke_fillit(["solve", "--jobs", "2", str(path)], env=env)
    assert (one.exit_code, two.exit_code) == (0, 0)
    assert one.stdout == two.stdout == "\n".join(arrange_fast(LONG).rows()) + "\n"
    shown = invoke_fillit(["stats", "--plain", "--jobs", "1", str(path)], env=env)
    assert shown.exit_code == 0 and "Raced" not in shown.stdout
    every_core = invoke_fillit(["solve", "--jobs", "0", str(path)], env=env)
    assert (every_core.exit_code, every_core.stdout) == (0, one.stdout)  # (a worker per core)
    refused = invoke_fillit(["solve", "--jobs", "-1", str(path)], env=env)
    assert refused.exit_code == 2


def test_ctrl_c_while_racing_leaves_no_process_behind(tmp_path: Path) -> None:
    """Interrupted while its questions race, `fillit solve` exits 130 and its second process
    ends with it."""
    path = tmp_path / "long.txt"
    path.write_text(text_of(LONGER))
    run = subprocess.Popen(
        [sys.executable, "-m", "fillit", "solve", "--jobs", "2", str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "NO_COLOR": "1"},
        start_new_session=True,
    )
    time.sleep(1.0)
    os.killpg(run.pid, signal.SIGINT)  # as a terminal does: to the whole group
    _, err = run.communicate(timeout=30)
    if run.returncode == 0:
        pytest.skip("the search ended before Ctrl-C")
    assert run.returncode == 130 and b"interrupted" in err
    deadline = time.monotonic() + 2  # a killed process may take a moment to be reaped
    while time.monotonic() < deadline:
        try:
            os.killpg(run.pid, 0)
        except ProcessLookupError:
            break  # no process of its group is left
        time.sleep(0.05)
    with pytest.raises(ProcessLookupError):
        os.killpg(run.pid, 0)
