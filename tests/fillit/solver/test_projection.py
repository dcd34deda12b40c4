"""The projection test (`fillit.solver.board.projection`): profiles, its verdicts against an
enumeration of every assignment, its assignments, the shortcut from one node to the next, and what
it refutes."""

from __future__ import annotations

from itertools import combinations_with_replacement, product

from hypothesis import given, settings
from hypothesis import strategies as st
from tetrominoes import PICTURES, from_picture

from fillit.solver.arrange import arrange_fast
from fillit.solver.board.projection import UNSURE, Fit, LineBound, Profile, profiles

PROFILES = sorted({p for picture in PICTURES.values() for p in profiles(from_picture(picture))})
ENOUGH = 10**9
"""Steps enough for any question asked here."""


def assignable(lines: int, free: list[int], pieces: dict[Profile, int]) -> bool:
    """Whether some choice of a first line for each piece keeps every line's load within its
    free cells, by trying every choice."""
    choices = []
    for profile, count in pieces.items():
        starts = range(lines - len(profile) + 1)
        choices.append(list(combinations_with_replacement(starts, count)))
    for chosen in product(*choices):
        load = [0] * lines
        for profile, firsts in zip(pieces, chosen, strict=True):
            for start in firsts:
                for i, cells in enumerate(profile):
                    load[start + i] += cells
        if all(a <= b for a, b in zip(load, free, strict=True)):
            return True
    return False


def check_fit(bound: LineBound, fit: Fit, free: list[int], counts: list[int]) -> None:
    """The assignment places every piece left, and the slack is what it leaves free."""
    starts, slack = fit
    load = [0] * bound.lines
    for j, profile in enumerate(bound.profiles):
        assert sum(starts[j]) == counts[j]
        for start, count in enumerate(starts[j]):
            for i, cells in enumerate(profile if count else ()):
                load[start + i] += count * cells
    assert list(slack) == [f - a for f, a in zip(free, load, strict=True)]
    assert min(slack) >= 0


@st.composite
def questions(draw: st.DrawFn) -> tuple[int, list[Profile], list[int], list[int]]:
    """A number of lines, one to three profiles, how many pieces of each, and free cells."""
    lines = draw(st.integers(3, 7))
    chosen = draw(st.lists(st.sampled_from(PROFILES), min_size=1, max_size=3, unique=True))
    counts = draw(st.lists(st.integers(0, 3), min_size=len(chosen), max_size=len(chosen)))
    free = draw(st.lists(st.integers(0, lines), min_size=lines, max_size=lines))
    return lines, chosen, counts, free


def test_profiles_count_the_cells_in_each_row_and_each_column() -> None:
    assert profiles(from_picture("##/.#/.#")) == ((2, 1, 1), (1, 3))
    assert profiles(from_picture("####")) == ((4,), (1, 1, 1, 1))
    assert profiles(from_picture(".#./###")) == ((1, 3), (1, 2, 1))


@settings(max_examples=400, deadline=None)
@given(question=questions())
def test_fit_exists_exactly_when_some_assignment_fits_and_is_one(
    question: tuple[int, list[Profile], list[int], list[int]],
) -> None:
    lines, chosen, counts, free = question
    bound = LineBound(lines, chosen)
    fit = bound.fit(tuple(free), counts, ENOUGH)
    assert (fit is not None) == assignable(lines, free, dict(zip(chosen, counts, strict=True)))
    if fit is not None:
        check_fit(bound, fit, free, counts)


@settings(max_examples=200, deadline=None)
@given(question=questions(), steps=st.integers(1, 20))
def test_a_question_cut_short_is_left_unanswered_never_answered_wrong(
    question: tuple[int, list[Profile], list[int], list[int]], steps: int
) -> None:
    lines, chosen, counts, free = question
    short = LineBound(lines, chosen).fit(tuple(free), counts, steps)
    exact = LineBound(lines, chosen).fit(tuple(free), counts, ENOUGH)
    assert short == UNSURE or (short is None) == (exact is None)
    assert LineBound(lines, chosen).after(UNSURE, -1, 0) is None


@settings(max_examples=200, deadline=None)
@given(question=questions(), data=st.data())
def test_after_a_piece_or_a_hole_the_shortcut_is_a_fit_or_declines(
    question: tuple[int, list[Profile], list[int], list[int]], data: st.DataObject
) -> None:
    """Taking a piece (profile, first line) or a hole off a fit gives a fit of what is left,
    whenever `after` answers at all."""
    lines, chosen, counts, free = question
    bound = LineBound(lines, chosen)
    fit = bound.fit(tuple(free), counts, ENOUGH)
    if fit is None:
        return
    profile = data.draw(st.integers(-1, len(chosen) - 1))
    if profile >= 0 and not counts[profile]:
        return
    size = 1 if profile < 0 else len(chosen[profile])
    start = data.draw(st.integers(0, lines - size))
    later = bound.after(fit, profile, start)
    if later is None:
        return
    free = list(free)
    if profile < 0:
        free[start] -= 1
    else:
        counts = [c - (j == profile) for j, c in enumerate(counts)]
        for i, cells in enumerate(chosen[profile]):
            free[start + i] -= cells
    check_fit(bound, later, free, counts)


def test_identical_profiles_share_one_count() -> None:
    """Two shapes with the same row profile are one kind of piece to the rows' test."""
    bound = LineBound(3, [(2, 1, 1), (2, 1, 1)])
    assert bound.profiles == [(2, 1, 1)]
    assert bound.fit((4, 2, 2), [1, 1], ENOUGH) is not None
    assert bound.fit((4, 2, 1), [1, 1], ENOUGH) is None


def test_rows_refute_26_l_pieces_in_11x11() -> None:
    """The stems alone reach the last two rows: 26 pieces `##/.#/.#` need 12 x 12, and 11 x 11
    is refuted with no search (the colourings do not refute it)."""
    answer = arrange_fast([from_picture("##/.#/.#")] * 26)
    first, fitting = answer.attempts
    assert (first.size, first.solved, first.decided_by) == (11, False, "projection (rows)")
    assert first.stats.nodes == 0
    assert (fitting.size, fitting.solved) == (12, True)
    assert fitting.stats.nodes < 30_000  # 207k without the test inside the search (23k now: the
    # compiled sweep's turns are SWEEP_SHARE times the engine's)
