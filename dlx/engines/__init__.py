"""Which dance runs the search? The engines, one room each, each a way to search a `Problem`
that `dlx.solve` hands one `SearchSettings` (`settings`: what every engine is asked to do,
checked once). Each runs on its compiled core where that was built, else on its Python core.

Every room has one shape, so that learning one teaches the others:

- `engine`: the front door: `search` (or, for the ZDD, `zdd` and the `Zdd` it builds),
  `pick_core` and `core_name` (compiled or python), what the engine refuses;
- `twin`: the search in pure Python, the reference the compiled core is tested against;
- `_<engine>.c`: the compiled core's Python binding (over `csrc/binding.h`), the search itself
  in `csrc/`;
- `split`: how a parallel search (`dlx.parallel`) cuts the engine's tree into parts, where the
  engine has its own (cells, bitset; the links engine's parts are `dlx.parallel`'s own);
- and what is the engine's alone: links' `multiplicity` (Algorithm M), cells' and bitset's
  `table`, bitset's `layout`, `plan` and `memo`, the ZDD's `plan`, `order` and `compiled`.

The rooms: `links` (Knuth's dancing links, DLX1's Algorithm X and DLX3's Algorithm M), `cells`
(Knuth's dancing cells, SSXCC), `bitset` (a search on bitsets for problems of few cells:
tilings), `zdd` (Knuth's Algorithm Z, DLX6). What they share stays here: `settings` (what a
search is asked), `counters` (how a search keeps its caller's `Stats` current and heeds its
budgets), `which_core` (compiled or Python, and what a core keeps per problem) and `csrc/`
(the bindings' helpers, the compiled cores' batches of solutions).
"""
