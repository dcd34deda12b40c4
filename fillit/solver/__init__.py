"""How does fillit find the smallest square and its canonical answer fast?

Two questions, each in a module of its own: *does a square of side s fit?* (`fits`) and *which
answer?* (`canonical`); `fast.arrange_fast` asks both. Below them: `packing` (one search on the
engine), `pruner` and `empty_cells` (the once-per-node check, compiled in `csrc/`), `failures`
(what the searches learn), `colouring` and `projection` (bounds), `budget`; `ordered` is the first
release's search in input order, kept as the reference.

>>> from fillit.parse import parse
>>> from fillit.solver.fast import arrange_fast
>>> arrange_fast(parse("....\\n.##.\\n.##.\\n....\\n")).rows()
['AA', 'AA']
"""
