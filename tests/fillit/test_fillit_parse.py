"""Units at fillit's edges: parse and read_source, the Piece type, and the independent check."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import pytest
from fillit_rules import (
    I_CELLS,
    I_VERTICAL,
    O_CELLS,
    RULES,
    S_CELLS,
    S_LOW_RIGHT,
    SQUARE,
    T_CELLS,
    T_DOWN,
    blocks,
)

from fillit.check import CheckError, check
from fillit.errors import InputError, SourceError
from fillit.parse import MAX_BYTES, MAX_PIECES, READ_LIMIT, parse, read_source
from fillit.pieces import Piece, identical_groups, letter
from fillit.rules import Rule

# parse: accepted input


def test_parse_returns_each_piece_normalised_in_input_order() -> None:
    pieces = parse(blocks(SQUARE, S_LOW_RIGHT, T_DOWN, I_VERTICAL))
    assert [piece.cells for piece in pieces] == [O_CELLS, S_CELLS, T_CELLS, I_CELLS]


def test_parse_gives_equal_pieces_for_one_shape_drawn_at_different_offsets() -> None:
    top_left = ".##.\n##..\n....\n....\n"
    assert parse(top_left) == parse(S_LOW_RIGHT)


def test_parse_accepts_twenty_six_pieces_in_the_largest_valid_file() -> None:
    text = blocks(*[SQUARE] * MAX_PIECES)
    assert len(text) == MAX_BYTES
    assert len(parse(text)) == MAX_PIECES


# parse: every rule, named with the block or line that breaks it


@pytest.mark.parametrize(("text", "message", "rule"), RULES)
def test_parse_names_the_broken_rule_and_where(text: str, message: str, rule: Rule) -> None:
    with pytest.raises(InputError) as raised:
        parse(text)
    assert (str(raised.value), raised.value.rule) == (message, rule)


def test_the_parser_tests_name_every_rule_of_the_format() -> None:
    """The same vocabulary as `fillit generate --invalid` (tests/fillit/tools/test_generate.py)."""
    assert {param.values[2] for param in RULES} == set(Rule)


def test_input_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="empty"):
        parse("")


# read_source


class FakeStdin:
    """Standard input whose binary buffer holds `data`."""

    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


class CountingReader:
    """A binary file that counts the bytes it hands out."""

    def __init__(self, inner: IO[Any]) -> None:
        self.inner = inner
        self.handed_out = 0

    def read(self, size: int = -1) -> bytes:
        data: bytes = self.inner.read(size)
        self.handed_out += len(data)
        return data

    def __enter__(self) -> CountingReader:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType
    ) -> None:
        self.inner.close()


def test_read_source_returns_the_text_of_a_file(tmp_path: Path) -> None:
    path = tmp_path / "square.txt"
    path.write_bytes(SQUARE.encode())
    assert read_source(str(path)) == SQUARE


def test_read_source_accepts_a_file_of_exactly_max_bytes(tmp_path: Path) -> None:
    path = tmp_path / "largest.txt"
    path.write_text(blocks(*[SQUARE] * MAX_PIECES))
    assert len(read_source(str(path))) == MAX_BYTES == 26 * 20 + 25


def test_a_largest_file_with_a_stray_newline_is_reported_as_such(tmp_path: Path) -> None:
    path = tmp_path / "stray_newline.txt"
    path.write_text(blocks(*[SQUARE] * MAX_PIECES) + "\n")
    with pytest.raises(InputError, match="empty line after the last block"):
        parse(read_source(str(path)))


def test_read_source_refuses_two_bytes_more_than_max_bytes(tmp_path: Path) -> None:
    path = tmp_path / "too_large.txt"
    path.write_text(blocks(*[SQUARE] * MAX_PIECES) + "\n\n")
    with pytest.raises(
        InputError, match=f"larger than the largest valid file \\({MAX_BYTES} "
    ) as raised:
        read_source(str(path))
    assert raised.value.rule is Rule.PIECE_COUNT


def test_read_source_refuses_a_huge_file_after_reading_a_bounded_prefix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.txt"
    path.write_bytes(b"#" * 10_000_000)
    opened: list[CountingReader] = []
    real_open = Path.open

    def counting_open(self: Path, *args: Any, **kwargs: Any) -> CountingReader:
        opened.append(CountingReader(real_open(self, *args, **kwargs)))
        return opened[-1]

    monkeypatch.setattr(Path, "open", counting_open)
    with pytest.raises(InputError, match="larger than the largest valid file"):
        read_source(str(path))
    assert [reader.handed_out for reader in opened] == [READ_LIMIT + 1]


def test_read_source_dash_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", FakeStdin(SQUARE.encode()))
    assert read_source("-") == SQUARE


def test_read_source_dash_refuses_huge_input_after_a_bounded_prefix(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stdin = FakeStdin(b"." * 10_000_000)
    monkeypatch.setattr(sys, "stdin", stdin)
    with pytest.raises(InputError, match="larger than the largest valid file"):
        read_source("-")
    assert stdin.buffer.tell() == READ_LIMIT + 1


def test_read_source_names_the_line_of_a_non_ascii_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin.txt"
    path.write_bytes(b"##..\n##..\n..\xff.\n....\n")
    with pytest.raises(InputError) as raised:
        read_source(str(path))
    assert str(raised.value) == "line 3: byte 0xff is not '#', '.' or newline"
    assert raised.value.rule is Rule.CHARACTER


def test_read_source_names_a_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    with pytest.raises(SourceError) as raised:
        read_source(str(missing))
    assert str(raised.value) == f"{missing}: no such file"


def test_read_source_names_a_directory(tmp_path: Path) -> None:
    with pytest.raises(SourceError) as raised:
        read_source(str(tmp_path))
    assert str(raised.value) == f"{tmp_path}: is a directory"


def test_read_source_refuses_an_empty_file_name() -> None:
    with pytest.raises(SourceError, match="the file name is empty"):
        read_source("")


# pieces


def test_from_cells_shifts_to_the_top_left_and_sorts() -> None:
    piece = Piece.from_cells([(3, 2), (2, 3), (3, 1), (2, 2)])
    assert piece.cells == S_CELLS


def test_pieces_of_one_shape_are_equal_and_hash_alike() -> None:
    low = Piece.from_cells([(2, 2), (2, 3), (3, 1), (3, 2)])
    high = Piece.from_cells([(1, 0), (0, 1), (0, 2), (1, 1)])
    assert low == high
    assert hash(low) == hash(high)


@pytest.mark.parametrize(
    ("cells", "height", "width"),
    [(I_CELLS, 4, 1), (O_CELLS, 2, 2), (T_CELLS, 2, 3), (((0, 0), (0, 1), (0, 2), (0, 3)), 1, 4)],
    ids=["I_vertical", "square", "T", "I_horizontal"],
)
def test_piece_height_and_width_span_its_cells(
    cells: tuple[tuple[int, int], ...], height: int, width: int
) -> None:
    assert (Piece(cells).height, Piece(cells).width) == (height, width)


@pytest.mark.parametrize(
    ("cells", "picture"),
    [(S_CELLS, ".##\n##."), (T_CELLS, "###\n.#."), (I_CELLS, "#\n#\n#\n#")],
    ids=["S", "T", "I_vertical"],
)
def test_picture_draws_the_piece_in_its_bounding_box(
    cells: tuple[tuple[int, int], ...], picture: str
) -> None:
    assert Piece(cells).picture() == picture


def test_letters_run_from_A_for_the_first_piece_to_Z_for_the_26th() -> None:
    assert [letter(0), letter(1), letter(25)] == ["A", "B", "Z"]


def test_identical_groups_lists_indices_by_shape_in_order_of_first_appearance() -> None:
    s, o, t = Piece(S_CELLS), Piece(O_CELLS), Piece(T_CELLS)
    assert identical_groups([s, o, s, t, o, s]) == [[0, 2, 5], [1, 4], [3]]


def test_identical_groups_of_distinct_pieces_are_singletons_in_input_order() -> None:
    pieces = [Piece(T_CELLS), Piece(I_CELLS), Piece(O_CELLS)]
    assert identical_groups(pieces) == [[0], [1], [2]]


# check

SQUARE_AND_I = [Piece(O_CELLS), Piece(I_CELLS)]


@pytest.mark.parametrize(
    "rows",
    [
        ["AAB.", "AAB.", "..B.", "..B."],
        ["B...", "BAA.", "BAA.", "B..."],
        [".....", ".AAB.", ".AAB.", "...B.", "...B."],
    ],
    ids=["canonical", "other_positions", "larger_square"],
)
def test_check_accepts_each_piece_once_in_its_shape(rows: list[str]) -> None:
    check(rows, SQUARE_AND_I)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (["AAB.", "A.B.", "A.B.", "..B."], "piece A does not have its input shape"),
        (["AAB.", "A.B.", "..B.", "..B."], "piece A has 3 cells, not 4"),
        (["AAB.", "AAB.", "A.B.", "..B."], "piece A has 5 cells, not 4"),
        (["AA..", "AA..", "....", "...."], "piece B has 0 cells, not 4"),
        (["AAB.", "AAB.", "..B.", "..B"], "the board is not square"),
        (["AAB.", "AAB.", "..B."], "the board is not square"),
        (["AAB.", "AAB.", "..B.", "..BC"], "unexpected mark 'C' at row 3, column 3"),
        (["AAB.", "AAB.", "..b.", "..B."], "unexpected mark 'b' at row 2, column 2"),
        (["AAB.", "AAB.", "..B.", " .B."], "unexpected mark ' ' at row 3, column 0"),
    ],
    ids=[
        "wrong_shape",
        "three_cells",
        "five_cells",
        "missing_piece",
        "short_row",
        "too_few_rows",
        "unknown_letter",
        "lowercase_letter",
        "space_for_empty",
    ],
)
def test_check_rejects_a_wrong_board_naming_the_fault(rows: list[str], message: str) -> None:
    with pytest.raises(CheckError) as raised:
        check(rows, SQUARE_AND_I)
    assert str(raised.value) == message
