"""How does the `dlx` command turn its arguments into searches? The command line, thin over the
engine and the front-ends: `entry` (the program's first line), `plain` (`dlx solve`'s plain
form, started without typer), `app` (the commands), `common` (reading, reporting, the options
the commands share), `engine` (`--engine`), `puzzles` and `boards` (the puzzle commands), `tile`
(`dlx tile`), `zdd` (`--zdd`), `parallel` (`--jobs`, `--scheduler`), `studio` (`dlx studio`).
What `fillit` shares with it lives in `dlx.programs`.

Nothing here is imported by the engine, the front-ends or `fillit`; importing this package imports
nothing else."""
