"""`dlx tile` keeps what the person wrote: named sets add up (in a picture and with `--pieces`),
names that clash say which set each piece comes from, the names a person gave print as they
were given (one-character labels and a legend where they are longer), and copies of a piece are
told apart, so two different solutions never print alike (text, JSON and SVG)."""

from __future__ import annotations

import json

import pytest
from commands import invoke_dlx
from hypothesis import given, settings
from hypothesis import strategies as st
from places import ROOT

from dlx.tiling.build import build, solutions
from dlx.tiling.drawn import read_picture
from dlx.tiling.errors import TileError
from dlx.tiling.render import OVERFLOW, RESERVED, label_table, legend_lines, marks, text
from dlx.tiling.spec import read_spec

CORPUS = ROOT / "corpus" / "tile"


def names(text: str, grid: str | None = None) -> list[str]:
    return [piece.name for piece in read_picture(text, grid).pieces]


# --- sets add up ---------------------------------------------------------------------------------


def test_sets_that_share_names_take_their_sizes() -> None:
    both = names("board 5x16\npieces pentominoes tetrominoes\n")
    assert both[:12] == [f"{n}5" for n in "FILNPTUVWXYZ"]
    assert both[12:] == ["I4", "O4", "T4", "S4", "L4"]
    assert names("board 5x16\npieces pentominoes\npieces tetrominoes\n") == both
    assert names("board 5x16\npieces pentominoes,tetrominoes\n") == both
    hexes = names("grid hex\nboard hexagon-4\npieces trihexes tetrahexes\n")
    assert hexes == ["A3", "B3", "C3", *(f"{n}4" for n in "ABCDEFG")]


def test_a_set_alone_or_beside_one_it_does_not_clash_with_keeps_its_names() -> None:
    assert names("board 6x10\npieces pentominoes\n") == list("FILNPTUVWXYZ")
    assert names("board 3x3\npieces trominoes dominoes monominoes\n") == ["I", "L", "A2", "A1"]


def test_a_drawn_piece_keeps_its_name_and_the_set_says_its_size() -> None:
    found = names("board 5x13\npieces pentominoes\npiece T\n#####\n")
    assert found == [*(f"{n}5" for n in "FILNPTUVWXYZ"), "T"]


def test_a_set_named_twice_gives_two_copies() -> None:
    puzzle = read_picture("board 2x6\npieces trominoes trominoes\n")
    assert [(p.name, p.bounds) for p in puzzle.pieces] == [("I", (2, 2)), ("L", (2, 2))]
    head = invoke_dlx(["tile", "--dlx", "--board", "2x6", "--pieces", "trominoes,trominoes"]).stdout
    assert " 2|I 2|L" in head.splitlines()[0]


def test_sets_that_clash_at_one_size_are_refused_by_name() -> None:
    with pytest.raises(TileError, match="tetrominoes and tetris both have a piece 'I4'"):
        read_picture("board 4x8\npieces tetrominoes tetris\n")


def test_the_command_line_adds_sets_up_as_a_picture_does() -> None:
    picture = "board 3x3\npieces trominoes dominoes\npieces monominoes\n"
    expected = invoke_dlx(["tile", "--dlx", "-"], stdin=picture).stdout
    base = ["tile", "--dlx", "--board", "3x3"]
    for pieces in (
        ["--pieces", "trominoes,dominoes,monominoes"],
        ["--pieces", "trominoes", "--pieces", "dominoes", "--pieces", "monominoes"],
        ["--pieces", "trominoes, dominoes", "--pieces", "monominoes"],
    ):
        result = invoke_dlx([*base, *pieces])
        assert (result.exit_code, result.stdout) == (0, expected), pieces
    assert "A2" in expected.splitlines()[0].split()


def test_a_second_name_after_pieces_is_not_taken_for_a_file() -> None:
    result = invoke_dlx(
        ["tile", "--grid", "hex", "--board", "hexagon-4", "--pieces", "trihexes", "x"]
    )
    assert result.exit_code == 2
    assert "--pieces trihexes,x" in result.stderr


def test_a_spec_keeps_knuths_items() -> None:
    """Knuth's spec lines are read as before: names as written, no qualifier."""
    spec = read_spec((CORPUS / "spec_soma.txt").read_text(), "cube")
    assert [piece.name for piece in spec.pieces] == list("VLTZABP")


# --- names as given, copies told apart -----------------------------------------------------------


def test_long_names_print_as_labels_with_a_legend() -> None:
    result = invoke_dlx(["tile", str(CORPUS / "named_pieces.txt"), "--limit", "1"])
    assert result.stdout == "lll\nttb\ntbb\nl=line  t=triangle  b=bent\n"


def test_json_names_each_label_s_piece_and_copy() -> None:
    result = invoke_dlx(["tile", str(CORPUS / "copies_told_apart.txt"), "--json", "--all"])
    found = json.loads(result.stdout)
    assert found["solutions"] == [["LLl", "Lll"], ["Lll", "LLl"]]
    assert found["legend"] == {"L": {"piece": "L", "copy": 1}, "l": {"piece": "L", "copy": 2}}
    named = json.loads(invoke_dlx(["tile", str(CORPUS / "named_pieces.txt"), "--json"]).stdout)
    assert named["legend"]["t"] == {"piece": "triangle", "copy": 1}
    counted = json.loads(
        invoke_dlx(["tile", str(CORPUS / "named_pieces.txt"), "--json", "--count"]).stdout
    )
    assert "legend" not in counted and counted["count"] == 16


@pytest.mark.parametrize(
    "source",
    [
        "board 2x6\npieces trominoes trominoes\n",
        "board\n##+\n##+\npiece 2|D\n##\n",
        "grid triangle\nboard\n....####\n...####\n..####\n.####\npiece 1:4|I\n####\n"
        "piece 1:4|T\n.###\n..#\npiece 0:4|C\n###\n#\n",
        (CORPUS / "spec_tetrominoes_bounds.txt").read_text(),
    ],
)
def test_two_different_solutions_never_print_alike(source: str) -> None:
    puzzle = (
        read_picture(source)
        if source.startswith(("board", "grid"))
        else read_spec(source, "square")
    )
    tiling = build(puzzle)
    texts = [tuple(text(puzzle, solution)) for solution in solutions(tiling)]
    assert len(texts) > 1 and len(set(texts)) == len(texts)


def test_more_copies_than_labels_print_a_question_mark_and_no_legend_for_it() -> None:
    puzzle = read_picture("board 2x40\npiece 80|m\n#\n")
    table = label_table(puzzle)
    labels = [label for label in table[0] if label != OVERFLOW]
    assert len(labels) == len(set(labels)) > 60 and table[0][:2] == ["m", "M"]
    assert OVERFLOW in table[0] and not any(line.startswith("?") for line in legend_lines(puzzle))


@given(
    st.lists(
        st.tuples(st.text(alphabet="ab.+=|T1", min_size=1, max_size=3), st.integers(1, 3)),
        min_size=1,
        max_size=8,
        unique_by=lambda piece: piece[0],
    )
)
@settings(max_examples=60, deadline=None)
def test_labels_are_one_character_each_once_and_never_a_reserved_one(
    pieces: list[tuple[str, int]],
) -> None:
    drawn = "".join(f"piece {n}|{name}\n#\n" for name, n in pieces if "|" not in name)
    if not drawn:
        return
    total = sum(n for name, n in pieces if "|" not in name)
    puzzle = read_picture(f"board 1x{total}\n{drawn}")
    table = label_table(puzzle)
    flat = [label for row in table for label in row]
    assert all(len(label) == 1 for label in flat) and len(set(flat)) == len(flat)
    if not all(len(p.name) == 1 and p.bounds == (1, 1) for p in puzzle.pieces):
        assert not set(flat) & set(RESERVED) - {p.name for p in puzzle.pieces}
    solution = next(solutions(build(puzzle)))
    assert sorted(marks(puzzle, solution)) == sorted(flat)


def test_on_a_terminal_the_board_is_coloured_and_the_legend_plain() -> None:
    env = {"NO_COLOR": None, "FORCE_COLOR": "1", "COLORTERM": "truecolor"}
    args = ["tile", str(CORPUS / "named_pieces.txt"), "--limit", "1"]
    lines = invoke_dlx(args, env=env).stdout.splitlines()
    assert "\x1b[" in lines[0] and lines[-1] == "l=line  t=triangle  b=bent"
