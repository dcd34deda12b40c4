"""How does the cells engine search? Knuth's dancing cells (SSXCC): sparse sets instead of
links, with colours.

- `engine`: the front door, `search`, and what the engine refuses; it picks the compiled core
  (extension `_cells`, the binding `_cells.c` over `csrc/cells.c`) when it was built
  (`COMPILED`), else the pure-Python twin;
- `twin`: the dance in pure Python, the reference;
- `table`: the layout both cores read, built once per problem;
- `split`: how a parallel search cuts its tree into parts.
"""
