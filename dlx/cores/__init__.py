"""Which dance runs the search? The engine's cores: the pure-Python dances (the reference) and the
compiled ones, each a way to search a `Problem` that `dlx.solve` chooses between."""
