"""How does the `dlx` command turn its arguments into searches? The command line, thin over the
engine: `app` (the commands), `entry` (start-up and Ctrl-C), `kit` (budgets, exit statuses),
`common` (reading, reporting), `puzzles` and `boards` (the puzzle commands), `parallel` (--jobs).

Nothing here is imported by the engine; importing this package imports nothing else."""
