"""How does fillit find the smallest square and its canonical answer fast?

Two questions, each in a module of its own: *does a square of side s fit?* (`square_fits`) and
*which answer?* (`canonical`); `arrange.arrange_fast` asks both, with one `orders.Run` that every
question of the run shares (the favourite order, the log of the questions settled). Below them:
`orders` (the orders of search that take turns, and the run), `race` (a long question on two
processes), `packing` (one search of a board: the engine, or the compiled sweep of `sweep`),
`pruner` and `empty_cells` (the once-per-node check), `failures` (what the searches learn),
`colouring` and `projection` (bounds), `budget`; C in `csrc/`. `ordered` is the first release's
search in input order, kept as the reference.

>>> from fillit.parse import parse
>>> from fillit.solver.arrange import arrange_fast
>>> arrange_fast(parse("....\\n.##.\\n.##.\\n....\\n")).rows()
['AA', 'AA']
"""
