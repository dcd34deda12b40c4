"""How does the ZDD search (Knuth's Algorithm Z, DLX6) remember what it solved?

- `engine`: the front door, `zdd` (`dlx.zdd`), which builds the `Zdd` of every solution on the
  compiled core where it was built, else the twin;
- `twin`: Algorithm Z in pure Python, the reference;
- `compiled`: the compiled search (extension `_zdd`, the binding `_zdd.c` over `csrc/`) when it
  was built (`COMPILED`), and the `auto` choice's probes;
- `plan`: the problem as bits (the state's fields, each option's masks);
- `order`: item orders derived from the options (the sweep, reverse Cuthill-McKee), which
  `choose="auto"` weighs against the given one.
"""
