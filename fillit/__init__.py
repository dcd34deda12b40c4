"""fillit: the 42-school tetromino puzzle as a thin adapter over the dlx exact-cover engine.

At the top, the edges and the words they share: `parse` (the input, validated once), `pieces`,
`vocabulary`, `rules` and `errors`, `check` (an independent verifier), `render` and `report`
(what is printed), `cli`. The solver's fast path is `fillit.solver`; the tools for people who
write their own fillit are `fillit.tools`.

>>> from fillit.parse import parse
>>> from fillit.solver.fast import arrange_fast
>>> arrange_fast(parse("....\\n.##.\\n.##.\\n....\\n")).rows()
['AA', 'AA']
"""

__version__ = "0.1.0"
