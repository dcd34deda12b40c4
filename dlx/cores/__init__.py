"""Which dance runs the search? The engine's cores, each a way to search a `Problem` that
`dlx.solve` hands one `SearchSettings` (`settings`: what every core is asked to do, checked
once).

- The links engine (Knuth's DLX1/DLX3): `links_core` is its front door, picking the compiled
  core (extension `_core`, from `csrc/`) or the pure-Python one: `links` (Algorithm X, the
  reference, and the links both Python dances share) and `multiplicity` (Algorithm M on them).
- The cells engine (Knuth's SSXCC): `cells_core` is its front door and says what it refuses,
  picking the compiled core (extension `_cells`) or `cells_dance`, the pure-Python dancing
  cells; both read the layout `cells_table` builds.
- The bitset engine: `bitset/`, a search on bitsets for problems of few cells (tilings), its
  compiled search and its pure-Python twin (`dlx.cores.bitset`).
- `counters`: how a search keeps its caller's `Stats` current and heeds its budgets (`publish`
  and `Budgets` for the Python dances, `follow` for a compiled search of any engine).
- The ZDD search of `dlx.zdd`: `zdd_plan` (the problem as bits), `zdd_order` (a sweep order),
  `zdd_search` (Algorithm Z in Python, the reference) and `zdd_compiled` (extension `_zdd`).
"""
