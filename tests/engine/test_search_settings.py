"""One search-settings object for every core (issue 31): `SearchSettings` refuses what `solve`
refuses, once, when it is made; `solve`, `count`, `first` and a parallel part build the same
object; and the settings sit below every core (the whole tree's layers and loops:
tests/house/test_layers.py)."""

from __future__ import annotations

from inspect import signature

import pytest
from module_graph import NAMES, imports

from dlx import BudgetError, EngineOptionError, Problem, Stats, count, first, solve
from dlx.engines.settings import SearchSettings
from dlx.parallel import Settings
from dlx.solve import search_settings, solve_with


def small() -> Problem[str]:
    """Two primary items and a secondary one: two solutions."""
    options = [("ab", ["a", "b", "x"]), ("a", ["a"]), ("b", ["b", "x"])]
    return Problem.from_options(["a", "b"], options, ["x"])


@pytest.mark.parametrize(
    ("asked", "error", "message"),
    [
        ({"choose": "best"}, ValueError, "choose must be 'mrv', 'first' or 'sweep', not 'best'"),
        ({"limit": 0}, ValueError, r"limit must be at least 1 \(None: no limit\), not 0"),
        ({"timeout": 0.0}, BudgetError, "timeout must be a positive finite number"),
        ({"max_nodes": 0}, BudgetError, "max_nodes must be at least 1, not 0"),
        (
            {"engine": "knuth"},
            EngineOptionError,
            "engine must be 'links', 'cells' or 'bitset', not 'knuth'",
        ),
    ],
    ids=["choose", "limit", "timeout", "max_nodes", "engine"],
)
def test_the_settings_refuse_what_solve_refuses_when_they_are_made(
    asked: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        SearchSettings(**asked)  # type: ignore[arg-type]
    with pytest.raises(error, match=message):
        solve(small(), **asked)  # type: ignore[arg-type]
    with pytest.raises(error, match=message):
        count(small(), **asked)


def test_the_settings_cannot_change_once_made() -> None:
    settings = SearchSettings(max_nodes=10)
    with pytest.raises(AttributeError, match="cannot assign to field 'max_nodes'"):
        settings.max_nodes = 0  # type: ignore[misc]
    with pytest.raises(AttributeError, match="cannot delete field 'max_nodes'"):
        del settings.max_nodes  # type: ignore[misc]
    assert settings.max_nodes == 10


def test_the_settings_are_made_as_a_frozen_dataclass_makes_them() -> None:
    """Without `dataclasses` (a start need not load it), as `dataclass(frozen=True, eq=False)`
    made them: by keyword or position, defaults from the class, `replace` checked again."""
    settings = SearchSettings("first", 3, (1,), max_nodes=10)
    assert (settings.choose, settings.limit, settings.givens, settings.max_nodes) == (
        "first",
        3,
        (1,),
        10,
    )
    assert settings.prefer == () and settings.engine == "links" and settings.count_to == 0
    shown = repr(SearchSettings(limit=2))
    assert shown.startswith("SearchSettings(choose='mrv', limit=2, givens=(), prefer=()")
    changed = settings.replace(count_to=5)
    assert (changed.count_to, changed.choose, settings.count_to) == (5, "first", 0)
    with pytest.raises(ValueError, match="limit must be at least 1"):
        settings.replace(limit=0)
    with pytest.raises(TypeError, match="got multiple values for argument 'choose'"):
        SearchSettings("first", choose="mrv")  # type: ignore[misc]
    fields = len(vars(SearchSettings()))
    with pytest.raises(TypeError, match=f"takes {fields + 1} positional arguments"):
        SearchSettings(*[None] * (fields + 1))  # type: ignore[misc]
    assert SearchSettings() != SearchSettings()  # (eq=False: compared by identity)


def test_search_settings_take_every_keyword_of_solve_but_stats() -> None:
    """Whatever `solve` learns, `count` and `first` (which pass their keywords on) learn too, and
    the settings object has a field for it (and four of its own: what `count`, the parallel
    parts and `solve` without `stats` set, `count_to`, `stopped`, `batch` and `shared_memo`)."""
    keywords = set(signature(solve).parameters) - {"problem", "stats"}
    fields = set(vars(SearchSettings()))
    assert fields == keywords | {"count_to", "stopped", "batch", "shared_memo"}
    own = set(signature(search_settings).parameters) - {"problem", "rest"}
    assert own == {"givens", "prefer", "item_order"} and own <= keywords  # by key: numbered
    with pytest.raises(TypeError, match="count_to"):
        search_settings(small(), count_to=3)
    with pytest.raises(TypeError, match="batch"):
        search_settings(small(), batch=3)


def test_keys_and_items_are_numbered_in_the_settings() -> None:
    problem = small()
    settings = search_settings(problem, givens=["b"], item_order=["b", "a"], limit=1)
    assert (settings.givens, settings.item_order, settings.limit) == ((2,), (1, 0), 1)
    stats = Stats()
    assert list(solve_with(problem, settings, stats)) == [("b", "a")]
    assert list(solve(problem, givens=["b"], item_order=["b", "a"], limit=1)) == [("b", "a")]


@pytest.mark.parametrize("engine", ["links", "cells"])
@pytest.mark.parametrize("core", ["python", None])
def test_solve_count_and_first_agree_through_the_settings(engine: str, core: str | None) -> None:
    problem = small()
    listed = list(solve(problem, engine=engine, core=core))  # type: ignore[arg-type]
    assert listed == [("ab",), ("a", "b")]
    assert count(problem, engine=engine, core=core) == 2
    assert first(problem, engine=engine, core=core) == ("ab",)


def test_count_refuses_a_keyword_solve_does_not_take() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        count(small(), colour="red")


def test_a_parallel_run_turns_its_settings_into_the_search_settings() -> None:
    problem = small()
    below = Settings(choose="first", item_order=("b",), budget=7).below(problem, (1,), None, 7)
    wanted = SearchSettings(choose="first", givens=(1,), item_order=(1,), max_nodes=7)
    assert vars(below) == vars(wanted)  # (settings are never compared in the engine: no __eq__)


def test_the_settings_and_counters_import_no_core() -> None:
    """The two modules every core reads sit below all of them (the whole tree's loops and
    layers: tests/house/test_layers.py)."""
    assert imports(NAMES["dlx.engines.settings"]) <= {"dlx.errors", "dlx.stats", "dlx.memo"} | {
        "dlx.problem"
    }
    assert imports(NAMES["dlx.engines.counters"]) - {"dlx.stats", "dlx.errors"} == {
        "dlx.engines.settings"
    }
