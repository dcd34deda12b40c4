"""`python -m fillit` runs the command line, as the `fillit` script does."""

from dlx.entry import fillit

fillit()
