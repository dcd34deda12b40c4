"""fillit's input rules, each broken by a small text, with the message and the rule it names;
the pieces' drawings they are made of (shared by the parser's and `fillit generate`'s tests)."""

from __future__ import annotations

import pytest

from fillit.parse import MAX_PIECES
from fillit.rules import Rule

SQUARE = "##..\n##..\n....\n....\n"
I_VERTICAL = "#...\n#...\n#...\n#...\n"
S_LOW_RIGHT = "....\n....\n..##\n.##.\n"
T_DOWN = "###.\n.#..\n....\n....\n"
THREE_HASHES = "##..\n#...\n....\n....\n"
DIAGONAL = "#...\n.#..\n..#.\n...#\n"

O_CELLS = ((0, 0), (0, 1), (1, 0), (1, 1))
S_CELLS = ((0, 1), (0, 2), (1, 0), (1, 1))
T_CELLS = ((0, 0), (0, 1), (0, 2), (1, 1))
I_CELLS = ((0, 0), (1, 0), (2, 0), (3, 0))


def blocks(*drawn: str) -> str:
    """A fillit file of these blocks, one empty line between them."""
    return "\n".join(drawn)


def with_line(text: str, number: int, line: str) -> str:
    """`text` with its line `number` (from 1) replaced by `line`."""
    lines = text.split("\n")
    lines[number - 1] = line
    return "\n".join(lines)


RULES = [
    pytest.param("", "the input is empty", Rule.EMPTY_FILE, id="empty_input"),
    pytest.param(
        SQUARE[:-1],
        "line 4: the last line does not end in a newline",
        Rule.FINAL_NEWLINE,
        id="no_final_newline",
    ),
    pytest.param(
        blocks(SQUARE, SQUARE)[:-1],
        "line 9: the last line does not end in a newline",
        Rule.FINAL_NEWLINE,
        id="no_final_newline_in_block_2",
    ),
    pytest.param(
        SQUARE + "\n",
        "line 5: empty line after the last block",
        Rule.TRAILING_EMPTY_LINE,
        id="trailing_empty",
    ),
    pytest.param(
        blocks(SQUARE, SQUARE) + "\n",
        "line 10: empty line after the last block",
        Rule.TRAILING_EMPTY_LINE,
        id="trailing_empty_after_block_2",
    ),
    pytest.param(
        "\n" + SQUARE,
        "block 1, line 1: empty line where a row of 4 was expected",
        Rule.EMPTY_ROW,
        id="leading_empty_line",
    ),
    pytest.param(
        "\n",
        "block 1, line 1: empty line where a row of 4 was expected",
        Rule.EMPTY_ROW,
        id="single_newline",
    ),
    pytest.param(
        SQUARE + SQUARE,
        "line 5: expected an empty line between blocks, got '##..'",
        Rule.SEPARATOR,
        id="no_separator",
    ),
    pytest.param(
        SQUARE + "....\n" + SQUARE,
        "line 5: expected an empty line between blocks, got '....'",
        Rule.SEPARATOR,
        id="separator_of_dots",
    ),
    pytest.param(
        SQUARE + "\n\n" + SQUARE,
        "block 2, line 6: empty line where a row of 4 was expected",
        Rule.EMPTY_ROW,
        id="two_empty_lines_between_blocks",
    ),
    pytest.param(
        with_line(SQUARE, 1, "##.x"),
        "block 1, line 1: character 'x' is not '#' or '.'",
        Rule.CHARACTER,
        id="bad_character_in_row_1",
    ),
    pytest.param(
        with_line(SQUARE, 2, "##.x"),
        "block 1, line 2: character 'x' is not '#' or '.'",
        Rule.CHARACTER,
        id="bad_character_in_row_2",
    ),
    pytest.param(
        with_line(blocks(SQUARE, SQUARE), 6, "x#.."),
        "block 2, line 6: character 'x' is not '#' or '.'",
        Rule.CHARACTER,
        id="bad_character_in_block_2_row_1",
    ),
    pytest.param(
        with_line(blocks(SQUARE, SQUARE), 8, "..\t."),
        "block 2, line 8: character '\\t' is not '#' or '.'",
        Rule.CHARACTER,
        id="tab_in_block_2_row_3",
    ),
    pytest.param(
        SQUARE.replace("\n", "\r\n"),
        "block 1, line 1: character '\\r' is not '#' or '.'",
        Rule.CHARACTER,
        id="crlf",
    ),
    pytest.param(
        with_line(SQUARE, 1, "##."),
        "block 1, line 1: 3 characters where 4 were expected",
        Rule.ROW_LENGTH,
        id="row_of_3",
    ),
    pytest.param(
        with_line(blocks(SQUARE, SQUARE), 9, "....."),
        "block 2, line 9: 5 characters where 4 were expected",
        Rule.ROW_LENGTH,
        id="row_of_5_in_block_2_row_4",
    ),
    pytest.param(
        with_line(SQUARE, 3, ""),
        "block 1, line 3: empty line where a row of 4 was expected",
        Rule.EMPTY_ROW,
        id="empty_row_inside_block",
    ),
    pytest.param(
        blocks(SQUARE, "##..\n##..\n"),
        "block 2: has 2 lines, not 4",
        Rule.BLOCK_ROWS,
        id="short_last_block",
    ),
    pytest.param(
        SQUARE + "....\n",
        "line 5: expected an empty line between blocks, got '....'",
        Rule.SEPARATOR,
        id="block_of_5_lines",
    ),
    pytest.param(
        blocks(SQUARE, THREE_HASHES), "block 2: 3 '#', not 4", Rule.HASH_COUNT, id="three_hashes"
    ),
    pytest.param(
        "##..\n###.\n....\n....\n", "block 1: 5 '#', not 4", Rule.HASH_COUNT, id="five_hashes"
    ),
    pytest.param(
        "....\n....\n....\n....\n", "block 1: 0 '#', not 4", Rule.HASH_COUNT, id="no_hashes"
    ),
    pytest.param(
        blocks(SQUARE, SQUARE, DIAGONAL),
        "block 3: the four '#' are not connected through sides",
        Rule.CONNECTED,
        id="diagonal_in_block_3",
    ),
    pytest.param(
        "##..\n....\n..##\n....\n",
        "block 1: the four '#' are not connected through sides",
        Rule.CONNECTED,
        id="two_dominoes",
    ),
    pytest.param(
        blocks(*[SQUARE] * (MAX_PIECES + 1)),
        "27 blocks: at most 26 pieces are allowed",
        Rule.PIECE_COUNT,
        id="twenty_seven_blocks",
    ),
]
