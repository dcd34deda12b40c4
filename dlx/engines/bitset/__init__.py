"""How does a search on bitsets cover a board it knows?

The bitset engine (`solve(..., engine="bitset")`) searches exact-cover problems whose branch
items, the *cells*, number at most 256: the board is a few machine words, the node branches
on the first free cell (the caller numbers the cells in the order they should be filled, as
`dlx.tiling` numbers a board), an option fits when its mask misses the board, and where the
caller gives each cell's neighbours, regions of free cells too small for the pieces left end a
node at once. The other items (a tiling's pieces) have bits too, with copies counted. Before
it starts, the search measures whether placing its rarest piece first makes a smaller tree.

- `engine`: the front door, `search`, which picks the compiled core (extension `_bitset`, the
  binding `_bitset.c` over `csrc/`) or the twin and says what the engine refuses;
- `twin`: the search in pure Python, the reference the compiled one is tested against;
- `split`: how a parallel search cuts its tree into parts;
- `layout`: which items are cells and where they lie (`Layout`; inferred without one);
- `table`: the problem as bits, as both searches read it;
- `plan`: the measured choice of the piece placed first;

`COMPILED` says whether the compiled search was built (without a C compiler it is not, and
the twin searches).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    from dlx.engines.bitset import _bitset  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler: the twin searches
    _bitset = None

if TYPE_CHECKING:
    from typing import Final

COMPILED: Final = _bitset is not None
"""Whether the compiled bitset search was built and imports."""
