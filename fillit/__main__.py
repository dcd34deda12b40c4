"""`python -m fillit` runs the command line, as the `fillit` script does."""

from fillit.entry import fillit

fillit()
