"""How is a solved board drawn? The picture room, shared by every front-end that draws: the puzzle
commands, `dlx tile`, the studio and `fillit`. It knows nothing of searches, puzzles or grids
beyond labelled cells, and imports nothing of the rest of `dlx`.

- `palette`: a fixed palette and a greedy colouring of a graph of touching pieces, so that
  touching pieces stay apart (`colour_graph`, `ink`, `BORDER`);
- `delta_e`: CIE colour differences (CIE76, CIEDE2000) and a dichromat's view, which check it;
- `squares`: a board of labelled square cells as a picture sees it (pieces, borders, outlines,
  colours) and the terminal's styles;
- `svg`: SVG pictures of such boards, and of a chess board.
"""
