"""`fillit generate`: valid inputs of every kind, invalid ones breaking the rule they name."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from commands import invoke_fillit
from fillit_rules import RULES
from places import ROOT
from tetrominoes import TETROMINOES
from typer.testing import Result

from fillit.check import check
from fillit.errors import InputError
from fillit.parse import parse, read_source
from fillit.pieces import Piece
from fillit.rules import Rule
from fillit.solver.arrange import arrange_fast
from fillit.tools.generate import KINDS, SHAPES, GenerateError, pieces_of, valid_input
from fillit.tools.invalid import BREAKS, invalid_input

GOLDEN = ROOT / "corpus" / "generate"
GOLDEN_CASES = sorted(GOLDEN.glob("*.args"))
SEEDS = range(3)


def generate(args: list[str]) -> Result:
    """`fillit generate ARGS` in process (compare `stdout_bytes`: `stdout` turns CR LF into LF)."""
    return invoke_fillit(["generate", *args])


def test_the_shapes_are_the_19_fixed_tetrominoes_in_a_fixed_order() -> None:
    assert len(SHAPES) == 19
    assert set(SHAPES) == set(TETROMINOES)
    assert [piece.cells for piece in SHAPES] == sorted(piece.cells for piece in SHAPES)


# valid inputs


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", KINDS)
def test_every_generated_input_is_accepted_and_solved(kind: str, seed: int) -> None:
    rng = random.Random(seed)
    pieces = parse(valid_input(rng, kind))
    answer = arrange_fast(pieces)
    assert answer.solved
    check(answer.rows(), pieces)


@pytest.mark.parametrize("count", [4, 9, 16, 25])
def test_a_tiling_fills_its_square_exactly(count: int) -> None:
    pieces = parse(valid_input(random.Random(count), "tiling", count))
    rows = arrange_fast(pieces).rows()
    assert len(rows) ** 2 == 4 * count
    assert "." not in "".join(rows)


def test_a_tiling_needs_a_square_number_of_pieces() -> None:
    with pytest.raises(GenerateError, match="a tiling needs 4, 9, 16, 25 pieces"):
        pieces_of("tiling", 10, random.Random(0))


@pytest.mark.parametrize("count", [0, 27])
def test_a_piece_count_out_of_range_is_refused(count: int) -> None:
    with pytest.raises(GenerateError, match="a fillit file holds 1 to 26"):
        pieces_of("random", count, random.Random(0))


def distinct_shapes(pieces: list[Piece]) -> int:
    """How many shapes the pieces have."""
    return len(set(pieces))


@pytest.mark.parametrize("seed", range(20))
def test_identical_has_one_shape_and_few_two_to_four(seed: int) -> None:
    assert distinct_shapes(pieces_of("identical", 12, random.Random(seed))) == 1
    assert 2 <= distinct_shapes(pieces_of("few", 12, random.Random(seed))) <= 4


def test_pieces_sit_at_random_places_in_their_blocks() -> None:
    text = valid_input(random.Random(5), "identical", 26)
    blocks = text.split("\n\n")
    assert len(set(blocks)) > 1
    assert len({block.index("#") for block in blocks}) > 1


def test_the_same_seed_gives_the_same_file_and_others_differ() -> None:
    made = [valid_input(random.Random(seed), "random", 20) for seed in (1, 1, 2)]
    assert made[0] == made[1] != made[2]


def test_a_seed_gives_the_same_file_under_every_hash_seed() -> None:
    def run(hash_seed: str) -> str:
        return subprocess.run(
            [sys.executable, "-m", "fillit", "generate", "--seed", "11", "--kind", "tiling"],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            timeout=60,
        ).stdout

    assert run("1") == run("2") != ""


# invalid inputs: one rule each, named as the parser names it


def test_every_rule_of_the_format_has_a_way_to_break_it() -> None:
    assert {way.rule for way in BREAKS.values()} == set(Rule)


def test_the_parser_tests_and_the_generator_name_the_same_rules() -> None:
    assert {param.values[2] for param in RULES} == {way.rule for way in BREAKS.values()}


@pytest.mark.parametrize("name", BREAKS)
def test_each_invalid_input_breaks_the_rule_it_names(name: str) -> None:
    for seed in range(60):
        with pytest.raises(InputError) as raised:
            parse(invalid_input(random.Random(seed), name))
        assert raised.value.rule is BREAKS[name].rule, seed


@pytest.mark.parametrize("name", BREAKS)
def test_fillit_solve_rejects_each_invalid_input(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.txt"
    result = generate(["--seed", "3", "--invalid", name])
    path.write_bytes(result.stdout_bytes)
    with pytest.raises(InputError) as raised:
        parse(read_source(str(path)))
    assert raised.value.rule is BREAKS[name].rule
    solved = invoke_fillit(["solve", str(path)], env={"NO_COLOR": "1"})
    assert (solved.exit_code, solved.stdout) == (1, "error\n")


# the command line


@pytest.mark.parametrize("case", GOLDEN_CASES, ids=lambda case: case.stem)
def test_generate_prints_the_golden_text(case: Path) -> None:
    result = generate(case.read_text().split())
    assert (result.exit_code, result.stdout_bytes) == (0, case.with_suffix(".out").read_bytes())


def test_every_golden_case_has_its_output() -> None:
    assert GOLDEN_CASES
    assert {p.stem for p in GOLDEN.glob("*.out")} == {p.stem for p in GOLDEN_CASES}


def test_invalid_list_names_every_way_and_the_rule_it_breaks() -> None:
    lines = generate(["--invalid", "list"]).stdout.splitlines()
    assert [line.split()[0] for line in lines] == list(BREAKS)
    for line, way in zip(lines, BREAKS.values(), strict=True):
        assert line.endswith(f"; breaks {way.rule}: {way.rule.description}")


def test_count_and_out_write_that_many_files_the_first_as_printed(tmp_path: Path) -> None:
    result = generate(["--seed", "4", "--kind", "few", "--count", "3", "--out", str(tmp_path)])
    assert (result.exit_code, result.stdout) == (0, "")
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == ["few_1.txt", "few_2.txt", "few_3.txt"]
    assert (tmp_path / "few_1.txt").read_text() == generate(["--seed", "4", "--kind", "few"]).stdout
    for path in tmp_path.iterdir():
        parse(path.read_text())


def test_count_with_invalid_writes_files_that_break_the_rule(tmp_path: Path) -> None:
    result = generate(["--invalid", "five_hashes", "--count", "2", "--out", str(tmp_path)])
    assert result.exit_code == 0
    for path in tmp_path.iterdir():
        with pytest.raises(InputError, match="5 '#', not 4"):
            parse(path.read_text())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--kind", "tiling", "--pieces", "7"], "a tiling needs 4, 9, 16, 25 pieces"),
        (["--invalid", "nope"], "unknown rule 'nope'"),
        (["--count", "2"], "--count needs --out"),
        (["--pieces", "27"], "--pieces"),
        (["--kind", "spiral"], "unknown kind 'spiral': choose from random, tiling"),
    ],
    ids=["tiling_count", "unknown_rule", "count_without_out", "too_many_pieces", "unknown_kind"],
)
def test_usage_errors_exit_2_and_say_why(args: list[str], message: str) -> None:
    result = generate(args)
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.replace("│", " ").split())


def test_an_unwritable_out_folder_exits_1_with_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = generate(["--count", "2", "--out", str(blocker / "sub")])
    assert result.exit_code == 1
    assert result.stderr.startswith("fillit: ") and result.stderr.count("\n") == 1
