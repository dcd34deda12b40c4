"""How does one search run on many processes or a cluster? Split the search tree into parts, run
them anywhere, merge them back in the order of the sequential search.

Words used here (after Knuth's XCCDC stage files and Hadoop's DistributedPentomino):

- A *prefix* is a tuple of option numbers: the options the sequential search chooses, following
  its own item choice, on its way down to one node of its tree.
- A *path* is the same way down told as branch positions (0 for an item's first option, ...).
  Paths in lexicographic order are nodes in the order the sequential search meets them, so
  merging the parts by path gives back the sequential order of solutions.
- A *part* is the subtree below a prefix: `dlx.solve(problem, givens=prefix)` searches it.
  A part is a small picklable value, so any `concurrent.futures.Executor` can run it.
- The *share* of a part is the product of 1/degree along its path: Knuth's estimate of the
  fraction of the tree it holds, the weight of its progress.
- A part is one subtree, or a run of subtrees that follow each other in search order. It runs
  under a budget (time, or nodes); a part its budget stops keeps what it searched and leaves
  the rest of its tree as parts (`Outcome.rest`): the node it stood at, then the options it
  had not tried, deepest level first, as the compiled cores tell them
  (`dlx.engines.settings.Frontier`). Nothing is searched twice, and what a large part leaves
  goes at once to the idle workers.
- *Expanding* a part lists the options the search branches on at its root (the search itself
  does it, with a pruning check that records each child and cuts it off): the part becomes its
  children. The pure-Python cores, which cannot tell where their budget stopped them, expand a
  part that overruns it instead; the cut-off run is thrown away (its solutions are never
  counted) and reported as `wasted`.

How the statistics add up: a node of the sequential tree is searched by exactly one part, or is
the root of an expanded part, so `nodes` and `profile` of a parallel run equal the sequential
search's exactly. Its `updates` are those the parts counted (an expanded part's: covering its
branching item); a part takes its prefix as givens without counting them (as `dlx.solve`
does), so taking the last option of each part's prefix is counted by no one, except for the
node a stopped part stood at, whose option that part took: `updates` falls short of the
sequential count by exactly those (`tests/parallel/test_parallel.py` checks both relations).
The bitset engine's memo of failures makes a leaf of a dead end met before, so its parts' trees
depend on which dead ends were met first: a parallel count visits a few nodes more or fewer than
one search (`memo_block`).

The rooms: `parts` (what a part is, and what comes back from one), `searching` (searching and
cutting one; an engine with a tree of its own cuts it in its room's `split`: cells, bitset),
`executors` (where parts run), `memo_block` (the memo of failures the workers of this machine
share), `schedule` (the order they go out and the merge back), `checkpoint` (resuming),
`driver` (a run from start to end). A part is searched through `dlx.solve` with the run's
`Settings` turned into the `SearchSettings` every core takes (`Settings.below`).
"""

from dlx.errors import ParallelError
from dlx.parallel.checkpoint import Checkpoint, fingerprint
from dlx.parallel.driver import count_parallel, solve_parallel
from dlx.parallel.executors import most_workers, workers_for
from dlx.parallel.parts import SLICE, CheckpointError, Outcome, Part, Progress, Report, Settings
from dlx.parallel.searching import branches

__all__ = [
    "SLICE",
    "Checkpoint",
    "CheckpointError",
    "Outcome",
    "ParallelError",
    "Part",
    "Progress",
    "Report",
    "Settings",
    "branches",
    "count_parallel",
    "fingerprint",
    "most_workers",
    "solve_parallel",
    "workers_for",
]
