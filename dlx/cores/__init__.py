"""Which dance runs the search? The engine's cores, each a way to search a `Problem` that
`dlx.solve` chooses between: `links` (Algorithm X and C, the pure-Python reference),
`multiplicity` (Algorithm M on the same links), `compiled` (loading and driving the same dances
compiled from `csrc/`, extension `_core`)."""
