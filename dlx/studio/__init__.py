"""How does a person draw a tiling puzzle and watch it solved, without writing a file? `dlx
studio`: a local page for the puzzles `dlx tile` reads (and fillit's inputs), served here.

`dlx` knows nothing of fillit, which is built on it: the page's fillit pane runs the `fillit`
program, whose parser, limits and search answer as on the command line. `dlx studio`, in
`dlx.cli.studio`, imports this package only when the command runs.

- `puzzle`: a request's puzzle read by the command lines' own parsers and limits;
- `worker`: each piece of work (a search, a check, the `.dlx` text, a solution drawn or
  listed) in its own process, reporting through a pipe;
- `processes`: the server's side of those processes (started under one cap, heard, killed),
  `runs`: its searches (followed, stopped, forgotten), `kept`: their solutions as numbers;
- `drawing`: a solution as the page shows it (the SVG of `dlx tile --svg`, rows, legend);
- `app`: the Starlette application (page, static files, JSON and server-sent events), and
  `guard`: what keeps it to itself (the hosts it answers, its headers, request bodies capped
  and timed); `serve`: uvicorn as the command runs it (deadlines, connections, Ctrl-C);
- `static/`: the page, a little hand-written JavaScript and CSS, no build step; `examples/`:
  the puzzles its menu offers, copies of `corpus/` files.

Only `app`, `guard` and `serve` import Starlette or uvicorn, so the `studio` extra is needed only
to serve.
"""
