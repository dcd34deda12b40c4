"""Bounds a user can rely on: memory linear in the input, budgets checked once at the boundary,
size limits refused at once, and the memo's state keys exact at a bounded cost."""

from __future__ import annotations

import math
import tracemalloc

import pytest

import dlx.problem
from dlx import (
    BudgetError,
    FormatError,
    MemoUnsupportedError,
    Problem,
    SizeLimitError,
    Stats,
    Status,
    count,
    solve,
)
from dlx.engines.links.engine import COMPILED as LINKS_COMPILED
from dlx.engines.links.twin import links_of
from dlx.errors import PuzzleError
from dlx.knuth import decode, parse_dlx
from dlx.memo import MAX_KEY_BITS, FailureMemo
from dlx.puzzles import pentomino, polyomino, queens, skyscrapers


def one_long_option(length: int) -> Problem[int]:
    """`length` items and one option naming them all (plus one per item, so it is searched)."""
    problem: Problem[int] = Problem(range(length))
    problem.add_option(-1, range(length))
    for item in range(length):
        problem.add_option(item, [item])
    return problem


def links_bytes(problem: Problem[int]) -> int:
    """The memory the problem's links take, as tracemalloc sees it."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        links_of(problem)
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def test_a_long_options_links_grow_linearly_with_its_length() -> None:
    """Four times the option's length costs about four times the memory, not sixteen."""
    small, large = one_long_option(2000), one_long_option(8000)
    ratio = links_bytes(large) / links_bytes(small)
    assert 3.0 < ratio < 5.0


def test_a_long_option_is_still_searched_exactly() -> None:
    """The option naming every item and the one option per item are the two exact covers."""
    problem = one_long_option(300)
    stats = Stats()
    assert sorted(len(s) for s in solve(problem, stats=stats)) == [1, 300]
    assert stats.status is Status.EXHAUSTED


@pytest.mark.parametrize("timeout", [0.0, -1.0, math.inf, math.nan])
def test_a_timeout_must_be_a_positive_finite_number(timeout: float) -> None:
    with pytest.raises(BudgetError, match="positive finite"):
        solve(one_long_option(2), timeout=timeout)


@pytest.mark.parametrize("max_nodes", [0, -5])
def test_a_node_budget_must_be_at_least_one(max_nodes: int) -> None:
    with pytest.raises(BudgetError, match="at least 1"):
        count(one_long_option(2), max_nodes=max_nodes)


@pytest.mark.parametrize("memo", [False, True], ids=["algorithm X", "general"])
@pytest.mark.parametrize("cap", [1, 2, 3, 7])
def test_max_nodes_means_at_most_that_many_nodes(cap: int, memo: bool) -> None:
    """The search enters at most `max_nodes` nodes, solutions included, and says BUDGET."""
    stats = Stats()
    list(
        solve(one_long_option(12), max_nodes=cap, stats=stats, memo=FailureMemo() if memo else None)
    )
    assert stats.nodes <= cap
    assert sum(stats.profile) == stats.nodes
    assert stats.status is Status.BUDGET


def test_a_memo_refuses_a_state_key_wider_than_its_limit() -> None:
    """One bit per item: a problem with more items than MAX_KEY_BITS is searched without one,
    on either core."""
    problem = one_long_option(MAX_KEY_BITS + 1)
    for core in ("python", "compiled") if LINKS_COMPILED else ("python",):
        with pytest.raises(MemoUnsupportedError, match=f"limit of {MAX_KEY_BITS}"):
            solve(problem, memo=FailureMemo(), core=core)
    assert count(problem) == 2


def test_a_memo_at_its_width_limit_gives_the_same_answers() -> None:
    problem = one_long_option(MAX_KEY_BITS)
    memo = FailureMemo()
    assert count(problem, memo=memo) == 2
    assert count(problem, memo=memo) == 2


def test_the_state_keys_cost_nothing_without_a_memo() -> None:
    """Only binding a memo lays out the pure-Python core's fields: a search without one leaves
    every addend 0."""
    problem = one_long_option(50)
    count(problem, core="python")
    links = links_of(problem)
    assert not links.keyed
    assert {node.key_addend for node in links.nodes} == {0}
    count(problem, memo=FailureMemo(), core="python")
    assert links.keyed
    assert links.first_node[0].key_addend == (1 << 50) - 1


# Knuth's format: line ends, separators, byte-order mark, numbers too long, size limits


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x0b", "\x0c", "\x85", "\x1c", "\r"])
def test_only_newline_ends_a_line_so_a_comment_stays_a_comment(separator: str) -> None:
    """Other control and separator characters belong to their line (str.splitlines would
    break the comment there and read what follows as an option)."""
    parsed = parse_dlx(f"a b\n| a comment{separator}b\na\nb\n")
    assert parsed.option_names == [["a"], ["b"]]


def test_a_crlf_ending_is_one_line_end_and_a_bom_is_skipped() -> None:
    parsed = parse_dlx("\ufeffa b\r\na b\r\n\r\nb\r\n")
    assert (parsed.problem.items, parsed.option_names) == (["a", "b"], [["a", "b"], ["b"]])


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("a 5000000000|b\n", "line 1, column 3: multiplicity '5000000000' has a number of more"),
        ("a 1:" + "9" * 5000 + "|b\n", "line 1, column 3: multiplicity '1:99999999"),
        ("a b\n| x\u2028\na c\n", "line 3, column 3: unknown item 'c'"),
        ("\n\n| only comments\n", "line 3, column 1: no items line"),
    ],
)
def test_every_format_error_names_line_and_column(text: str, where: str) -> None:
    with pytest.raises(FormatError) as caught:
        parse_dlx(text)
    assert str(caught.value).startswith(where)


def test_bad_utf8_is_placed_by_line_and_column() -> None:
    with pytest.raises(FormatError, match=r"^line 2, column 3: input is not UTF-8 text$"):
        decode(b"a b\nab\xff\n")


@pytest.mark.parametrize(
    ("limit", "text", "message"),
    [
        ("MAX_ITEMS", "a b c d\n", "line 1, column 7: more than 3 items (the limit)"),
        ("MAX_OPTIONS", "a b\na\nb\na b\na\n", "line 5, column 1: more than 3 options (the limit)"),
        ("MAX_OPTION_NODES", "a b\na\na b\n", "line 3, column 1: the options name more than 2"),
    ],
)
def test_a_problem_over_a_size_limit_is_refused_with_the_limit_named(
    monkeypatch: pytest.MonkeyPatch, limit: str, text: str, message: str
) -> None:
    """Each limit is refused as the line that would pass it is read (limits made small here)."""
    monkeypatch.setattr(f"dlx.problem.{limit}", 3 if limit != "MAX_OPTION_NODES" else 2)
    monkeypatch.setattr("dlx.knuth.MAX_ITEMS", dlx.problem.MAX_ITEMS)
    with pytest.raises(FormatError) as caught:
        parse_dlx(text)
    assert str(caught.value).startswith(message)


def test_the_api_refuses_a_problem_over_a_size_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("dlx.problem.MAX_ITEMS", 2)
    with pytest.raises(SizeLimitError, match=r"^more than 2 items \(the limit\)$"):
        Problem(["a", "b", "c"])


# Puzzles' size limits


@pytest.mark.parametrize("n", [801, 10**30])
def test_queens_over_the_limit_are_refused_at_once(n: int) -> None:
    with pytest.raises(PuzzleError, match=r"from 1 to 800 \(the limit\)"):
        queens.problem(n)


def test_skyscrapers_with_too_many_line_placements_are_refused() -> None:
    """All 2 on two sides of an 8 x 8 (or 9 x 9) grid: some 200,000 placements of lines."""
    for n in (8, 9):
        clues = skyscrapers.parse(" ".join(["2"] * n + ["0"] * n + ["2"] * n + ["0"] * n))
        with pytest.raises(PuzzleError, match=r"more than 50000 placements .* \(the limit\)"):
            skyscrapers.problem(clues)


def test_polyomino_pieces_over_the_board_limit_are_refused() -> None:
    pieces = polyomino.parse("1 401\n" + "1" * 401 + "\n")
    with pytest.raises(PuzzleError, match=r"total area 401 is over 400 cells \(the limit\)"):
        polyomino.board_size(pieces, None)


@pytest.mark.parametrize("text", ["6x" + "1" * 5000, "1" * 5000 + "x10"])
def test_pentomino_and_polyomino_numbers_too_long_to_read_are_refused(text: str) -> None:
    with pytest.raises(PuzzleError):
        pentomino.parse_board(text)
    with pytest.raises(PuzzleError, match="is not 'R C'"):
        polyomino.parse(text.replace("x", " ") + "\n1\n")
