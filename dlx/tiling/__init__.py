"""How does a tiling puzzle a person draws become an exact-cover problem? Grids, pieces, boards and
Knuth's spec files, read once and turned into items and options for the engine."""
