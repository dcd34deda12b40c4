"""fillit: the 42-school tetromino puzzle as a thin adapter over the dlx exact-cover engine.

>>> from fillit.parse import parse
>>> from fillit.fast import arrange_fast
>>> arrange_fast(parse("....\\n.##.\\n.##.\\n....\\n")).rows()
['AA', 'AA']
"""

__version__ = "0.1.0"
