"""`dlx studio`: a local page to draw a tiling puzzle, watch it solved and browse its solutions.

- `puzzle`: a request's puzzle read by the CLI's own parsers and limits (`dlx.tiling`, `fillit`);
- `worker`: one search in its own process, reporting progress and solutions through a pipe;
- `runs`: the server's side of those processes (started, pumped, stopped, forgotten);
- `app`: the Starlette application (page, static files, JSON and server-sent events);
- `static/`: the page, a little hand-written JavaScript and CSS, no build step.

Nothing here imports Starlette at `import dlx.studio`: only `app` does, so the extra is needed
only to serve. The command is `dlx.cli.studio`.
"""
