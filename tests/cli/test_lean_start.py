"""What the engine wrote out by hand so that `dlx solve` starts without `dataclasses` and
`typing` (issue 37) behaves as what it replaced: `Stats`, `DlxFile` and the ZDD's `ZddStats` as
the dataclasses they were (constructor, defaults, repr, equality), `Problem[K]` and `Zdd[K]` as
generic classes, `SearchKeywords` as a TypedDict. The reference twins are made here with
`dataclasses` itself."""

from __future__ import annotations

import dataclasses
import inspect
import re
import typing
from dataclasses import field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlx.solve
from dlx import Problem, Stats, Status
from dlx.engines.zdd.engine import Zdd
from dlx.engines.zdd.twin import ZddStats
from dlx.knuth import DlxFile, _words, parse_dlx


@dataclasses.dataclass
class StatsTwin:
    """`Stats` as it was declared, a dataclass."""

    nodes: int = 0
    updates: int = 0
    solutions: int = 0
    seconds: float = 0.0
    status: Status = Status.RUNNING
    profile: list[int] = field(default_factory=list)
    engine: str = "links"
    core: str = ""
    share: float | None = field(default=None, compare=False)


@dataclasses.dataclass
class DlxFileTwin:
    """`DlxFile` as it was declared, a dataclass."""

    problem: Problem[int]
    option_names: list[list[str]]


@dataclasses.dataclass
class ZddStatsTwin:
    """`ZddStats` as it was declared, a dataclass."""

    nodes: int = 0
    hits: int = 0
    entries: int = 0
    given_up: int = 0
    bytes: int = 0
    core: str = "python"
    choice: str = "frontier"


def as_twin(text: str) -> str:
    """A twin's repr as the class it stands for prints it."""
    for name in ("ZddStats", "Stats", "DlxFile"):
        text = text.replace(f"{name}Twin(", f"{name}(")
    return text


SAMPLES: list[dict[str, object]] = [
    {},
    {"nodes": 7, "updates": 12, "solutions": 2, "profile": [1, 3, 3]},
    {"seconds": 0.25, "status": Status.BUDGET, "engine": "cells", "core": "compiled"},
    {"share": 0.5, "status": Status.EXHAUSTED},
]


@pytest.mark.parametrize("given", SAMPLES)
def test_stats_prints_and_compares_as_the_dataclass_it_was(given: dict[str, object]) -> None:
    stats, twin = Stats(**given), StatsTwin(**given)  # type: ignore[arg-type]
    assert repr(stats) == as_twin(repr(twin))
    assert vars(stats) == vars(twin)
    positional = Stats(*[given.get(name, getattr(twin, name)) for name in Stats.__match_args__])
    assert repr(positional) == repr(stats)
    for other in SAMPLES:
        assert (stats == Stats(**other)) == (twin == StatsTwin(**other))  # type: ignore[arg-type]


def test_stats_keeps_the_dataclass_s_fields_defaults_and_rules() -> None:
    twin_fields = [f.name for f in dataclasses.fields(StatsTwin)]
    assert list(Stats.__match_args__) == twin_fields == list(inspect.signature(Stats).parameters)
    assert Stats.__hash__ is None
    assert Stats() == Stats(share=0.9) and Stats() != Stats(nodes=1)
    assert Stats().__eq__(StatsTwin()) is NotImplemented
    first, second = Stats(), Stats()
    first.profile.append(1)
    assert second.profile == []  # a list of its own, as a default factory makes it
    match Stats(nodes=3, updates=4):
        case Stats(nodes, updates):
            assert (nodes, updates) == (3, 4)


def test_a_dlx_file_prints_and_compares_as_the_dataclass_it_was() -> None:
    read = parse_dlx("a b\na\nb\n")
    twin = DlxFileTwin(read.problem, read.option_names)
    assert repr(read) == as_twin(repr(twin))
    assert read == DlxFile(read.problem, [["a"], ["b"]])
    assert read != DlxFile(read.problem, [["b"], ["a"]])
    assert read != DlxFile(parse_dlx("a b\na\nb\n").problem, read.option_names)
    assert DlxFile.__hash__ is None and read.__eq__(twin) is NotImplemented
    assert list(inspect.signature(DlxFile).parameters) == ["problem", "option_names"]


ZDD_SAMPLES: list[dict[str, object]] = [
    {},
    {"nodes": 9, "hits": 2, "entries": 5, "bytes": 4096, "core": "compiled", "choice": "mrv"},
    {"given_up": 3},
]


@pytest.mark.parametrize("given", ZDD_SAMPLES)
def test_zdd_stats_print_and_compare_as_the_dataclass_they_were(given: dict[str, object]) -> None:
    stats, twin = ZddStats(**given), ZddStatsTwin(**given)  # type: ignore[arg-type]
    assert repr(stats) == as_twin(repr(twin)) and vars(stats) == vars(twin)
    fields = [f.name for f in dataclasses.fields(ZddStatsTwin)]
    assert list(ZddStats.__match_args__) == fields == list(inspect.signature(ZddStats).parameters)
    assert repr(ZddStats(*[getattr(twin, name) for name in fields])) == repr(stats)
    for other in ZDD_SAMPLES:
        same = stats == ZddStats(**other)  # type: ignore[arg-type]
        assert same == (twin == ZddStatsTwin(**other))  # type: ignore[arg-type]
    assert ZddStats.__hash__ is None and stats.__eq__(twin) is NotImplemented


def test_a_zdd_class_takes_its_key_type_as_a_generic_class_does() -> None:
    keyed = Zdd[str]
    assert typing.get_origin(keyed) is Zdd and typing.get_args(keyed) == (str,)


def test_a_problem_class_takes_its_key_type_as_a_generic_class_does() -> None:
    keyed = Problem[int]
    assert typing.get_origin(keyed) is Problem and typing.get_args(keyed) == (int,)
    problem = keyed.from_options(["a"], [(1, ["a"])])
    assert isinstance(problem, Problem) and problem.keys == [1]


def test_search_keywords_is_a_typed_dict_made_on_first_use() -> None:
    from dlx.solve import SearchKeywords

    assert typing.is_typeddict(SearchKeywords)
    assert SearchKeywords.__total__ is False
    assert set(SearchKeywords.__annotations__) == {
        "limit",
        "stats",
        "max_nodes",
        "timeout",
        "progress",
    }
    assert SearchKeywords(limit=1) == {"limit": 1}
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        dlx.solve.Nothing  # type: ignore[attr-defined]  # noqa: B018


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from([" ", "\t", "a", "é", "|", ":", "\x0b"]), max_size=300))
def test_the_words_of_a_line_are_those_a_pattern_finds(line: str) -> None:
    """`dlx.knuth` reads a line's words without `re` (a start need not load it), or with it
    where blanks outnumber the rest: either way the words and columns a pattern finds."""
    want = [(match.start() + 1, match.group()) for match in re.finditer("[^ \t]+", line)]
    assert list(_words(line)) == want
