"""Which dance runs the search? The engine's cores, one room each, each a way to search a
`Problem` that `dlx.solve` hands one `SearchSettings` (`settings`: what every core is asked to
do, checked once).

- `links`: Knuth's dancing links (DLX1's Algorithm X, DLX3's Algorithm M), compiled or Python;
- `cells`: Knuth's dancing cells (SSXCC), compiled or Python;
- `bitset`: a search on bitsets for problems of few cells (tilings), compiled or its
  pure-Python twin;
- `zdd`: the ZDD search of `dlx.zdd` (Algorithm Z, DLX6), compiled or Python.

What the rooms share stays here: `settings` (what a search is asked), `counters` (how a search
keeps its caller's `Stats` current and heeds its budgets) and `csrc/batch.h` (the compiled
cores' batches of solutions).
"""
