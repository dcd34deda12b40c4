"""`python -m dlx` runs the command line, as the `dlx` script does."""

from dlx.cli.entry import dlx

dlx()
