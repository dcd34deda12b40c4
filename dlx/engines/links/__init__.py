"""How does the links engine search? Knuth's dancing links: Algorithm X (DLX1) and, for
multiplicities and colours, Algorithm M (DLX3).

- `engine`: the front door, `search`, which picks the compiled core (extension `_links`, the
  binding `_links.c` over `csrc/`) when it was built (`COMPILED`), else Python;
- `twin`: Algorithm X in pure Python, the reference, and the links both Python dances share;
- `multiplicity`: Algorithm M on those links.
"""
