"""What do both command lines, `dlx` and `fillit`, share? A public kit: a quiet start (`start`:
Ctrl-C before anything heavy is imported), the budget options checked once (`kit`), a clock that
bounds the whole run and an ending without a traceback (`ending`, without typer; `kit` hands them
on), the input read within a limit (`files`, without typer), and the live progress line on a
terminal (`live`). It imports the engine's statistics and nothing of either program's commands.
"""
