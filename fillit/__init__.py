"""fillit: the 42-school tetromino puzzle as a thin adapter over the dlx exact-cover engine.

It answers two questions, each in a module of its own: *does a square of side s fit?*
(`fillit.fits`) and *which answer?* (`fillit.canonical`); `fillit.fast.arrange_fast` asks both.

>>> from fillit.parse import parse
>>> from fillit.fast import arrange_fast
>>> arrange_fast(parse("....\\n.##.\\n.##.\\n....\\n")).rows()
['AA', 'AA']
"""

__version__ = "0.1.0"
