"""How does fillit find the smallest square and its canonical answer fast?

In rooms by question and by board: `questions`, the two a run asks, *does a square of side s
fit?* (`square_fits`) and *which answer?* (`canonical`), with one `orders.Run` that every
question of the run shares (the favourite order, the log of the questions settled), and `race`
(a long question on two processes); `board`, one board searched (`packing`: the engine, or the
compiled sweep of `sweep`), its once-per-node check (`pruner`, `empty_cells`), what the
searches learn (`failures`), its bounds (`colouring`, `projection`) and their C (`csrc/`).
Here: `arrange.arrange_fast`, which asks both questions, the run's `budget`, and `ordered`, the
first release's search in input order, kept as the reference.

>>> from fillit.parse import parse
>>> from fillit.solver.arrange import arrange_fast
>>> arrange_fast(parse("....\\n.##.\\n.##.\\n....\\n")).rows()
['AA', 'AA']
"""
