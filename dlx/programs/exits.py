"""The exit statuses of both programs, `dlx` and `fillit`, in one place.

0 answered; 1 no solution (in every form), bad input (fillit: `error`), or an output that could
not be written; 2 a usage error; 3 stopped by a budget, the answer unknown; 130 interrupted
(Ctrl-C). Nothing here is imported but these numbers: a start loads this module first.
"""

EXIT_NONE = 1
"""No solution: a count of 0, `no solution found!`, `Error`."""
EXIT_INVALID = 1
"""Bad input: one line naming the rule (fillit prints `error`)."""
EXIT_FAILED = 1
"""Standard output or a picture could not be written, or the run ran out of memory."""
EXIT_USAGE = 2
EXIT_UNKNOWN = 3
EXIT_INTERRUPTED = 130
