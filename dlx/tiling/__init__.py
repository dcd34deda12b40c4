"""How does a tiling puzzle a person draws become an exact-cover problem? Grids, pieces, boards and
Knuth's spec files, read once and turned into items and options for the engine.

- `grids`: square, triangle, hex and cube coordinates, neighbours, rotations and reflections as
  maps on coordinates, a piece's distinct orientations in Knuth's order;
- `spec`: Knuth's spec lines (polyomino-dlx, polyiamond-dlx, polycube-dlx); `picture`: the
  picture format; `library`: named piece sets and boards; `model`: the puzzle and its placements;
- `build`: the exact-cover problem (and Knuth's DLX text); `symmetry`: `--unique` (its group in
  `symmetry_group`, copies in `symmetry_copies`);
- `render`: text pictures; `svg`: SVG pictures.

The engine (`dlx.problem`, `dlx.solve`) knows nothing of grids; `dlx tile` (`dlx.cli.tile`) is
the command.
"""
