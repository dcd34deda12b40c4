"""How does a person draw a tiling puzzle and watch it solved, without writing a file? `dlx
studio`: a local page for the puzzles `dlx tile` reads (and fillit's inputs), served here.

`dlx` knows nothing of fillit, which is built on it: the page's fillit pane runs the `fillit`
program, whose parser, limits and search answer as on the command line. `dlx studio`, in
`dlx.cli.studio`, imports this package only when the command runs.

- `puzzle`: a request's puzzle read by the command lines' own parsers and limits;
- `worker`: one search in its own process, reporting progress and solutions through a pipe;
- `runs`: the server's side of those processes (started, pumped, stopped, forgotten);
- `drawing`: a solution as the page shows it (the SVG of `dlx tile --svg`, rows, legend);
- `app`: the Starlette application (page, static files, JSON and server-sent events), and
  `guard`: what keeps it to itself (the hosts it answers, its headers, request bodies capped);
- `static/`: the page, a little hand-written JavaScript and CSS, no build step; `examples/`:
  the puzzles its menu offers, copies of `corpus/` files.

Only `app` and `guard` import Starlette, so the `studio` extra is needed only to serve.
"""
