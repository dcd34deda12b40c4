"""fillit: the 42-school tetromino puzzle (fit the pieces of a file into the smallest square,
each at its first possible position in input order) solved by exact cover, with a fast path of
its own around the dlx engine, a compiled check and sweep, and a checker of other people's fillit
programs. It stands on dlx (the engine, and the drawing and console helpers its command line
uses); dlx knows nothing of it.

Its rooms, from the top (`tests/house/test_structure.py` keeps the doors one-way):
- the edges: `cli` (the `fillit` command: parses arguments and delegates), `cli_common` and
  `entry` (the console, Ctrl-C, the program's entry point), `render` and `report` (what is
  printed), `check` (the independent verifier of `--check`);
- `fillit.tools`: the authors' tools (`fillit generate`, valid and broken inputs; `fillit
  check`, which runs a program on them and judges its answers), registered by `cli`;
- `fillit.solver`: how the answer is found (the two questions *does side s fit?* and *which
  answer?*, the packing model they ask of the engine or of the compiled sweep, the once-per-node
  check, C in `solver/csrc/`), and the first release's ordered search, the reference; it imports
  neither the edges nor the tools;
- the words every room shares, which search nothing: `parse` (the input, validated once),
  `pieces`, `rules` and `errors` (the format and how it breaks), `answer` (an answer and its
  statistics, a search's interface `Arranger`) and `geometry` (where pieces go on the board).

>>> from fillit.parse import parse
>>> from fillit.solver.arrange import arrange_fast
>>> arrange_fast(parse("....\\n.##.\\n.##.\\n....\\n")).rows()
['AA', 'AA']
"""

__version__ = "0.1.0"
