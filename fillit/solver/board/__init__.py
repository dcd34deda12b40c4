"""One board of side s, searched: what a question asks of it.

- `packing`: the packing model (one exact-cover problem, its bit board) and the one call to the
  engine, or to the compiled sweep of `sweep`;
- `pruner` and `empty_cells`: the once-per-node check, and `failures`, what the searches learn;
- `colouring` and `projection`: cheap bounds, proofs that the pieces left cannot fit;
- `csrc/`: their compiled side (the extension `_board`).
"""
