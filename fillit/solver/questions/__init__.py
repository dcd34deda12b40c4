"""The two questions of a run, asked of boards (`fillit.solver.board`): *does a square of side s
fit?* (`square_fits`, with `race` for a long one on two processes) and *which answer?*
(`canonical`); `orders`, the orders of search that take turns, and the run they share.
"""
