"""The rules of the fillit format, named once: the parser reports them, the generator breaks them.

Every `InputError` carries the `Rule` it reports; `fillit generate --invalid` makes files that
break one rule each, and the tests check that the parser names the rule each file was made to
break.
"""

from __future__ import annotations

from enum import StrEnum


class Rule(StrEnum):
    """A rule of the fillit format; its value is the name used on the command line."""

    EMPTY_FILE = "empty_file"
    FINAL_NEWLINE = "final_newline"
    TRAILING_EMPTY_LINE = "trailing_empty_line"
    SEPARATOR = "separator"
    EMPTY_ROW = "empty_row"
    CHARACTER = "character"
    ROW_LENGTH = "row_length"
    BLOCK_ROWS = "block_rows"
    HASH_COUNT = "hash_count"
    CONNECTED = "connected"
    PIECE_COUNT = "piece_count"

    @property
    def description(self) -> str:
        """What the rule asks, in one line."""
        return DESCRIPTIONS[self]


DESCRIPTIONS: dict[Rule, str] = {
    Rule.EMPTY_FILE: "the file holds at least one block",
    Rule.FINAL_NEWLINE: "every line, the last included, ends in a newline",
    Rule.TRAILING_EMPTY_LINE: "no empty line follows the last block",
    Rule.SEPARATOR: "an empty line, not a row, follows each block but the last",
    Rule.EMPTY_ROW: "a block's rows are never empty lines",
    Rule.CHARACTER: "rows hold only '#' and '.'",
    Rule.ROW_LENGTH: "every row has exactly 4 characters",
    Rule.BLOCK_ROWS: "every block has exactly 4 rows",
    Rule.HASH_COUNT: "every block holds exactly 4 '#'",
    Rule.CONNECTED: "a block's 4 '#' are connected through sides",
    Rule.PIECE_COUNT: "at most 26 pieces, so at most 545 bytes",
}
