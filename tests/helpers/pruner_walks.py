"""A random walk over a packing's search tree, for comparing two once-per-node checks."""

from __future__ import annotations

from typing import Any

from fillit.solver.board.pruner import StatePruner


def walk_tree(walk: list[int], board: Any, pruner: Any, reference: StatePruner) -> list[bool]:
    """Down (a state's next option picked by a step) and up (every third step, telling both
    checks to `learn` the node left) the tree of `board` from its root: the verdicts of
    `reference`, which `pruner` must give at every node too."""
    chosen: list[int] = []
    verdicts = [reference(chosen)]
    assert pruner(chosen) == verdicts[-1]
    for step in walk:
        filled, holes, remaining = reference.states[len(chosen)]
        options = [
            option
            for option, shape in enumerate(board.option_shape)
            if not board.option_cells[option] & filled
            and (remaining[shape] > 0 if shape >= 0 else holes > 0)
        ]
        if (step % 3 == 0 or not options) and chosen:
            pruner.learn(chosen)
            reference.learn(chosen)
            chosen.pop()
        elif options:
            chosen.append(options[step % len(options)])
            verdicts.append(reference(chosen))
            assert pruner(chosen) == verdicts[-1], chosen
    return verdicts
