"""Crashes: right, but dies of a segmentation fault on inputs of more than 20 pieces."""

import os
import signal
import sys

from common import pieces_or_none, right_output


def main() -> None:
    pieces = pieces_or_none(sys.argv[1])
    if pieces is not None and len(pieces) > 20:
        sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
    sys.stdout.write(right_output(sys.argv[1]))


if __name__ == "__main__":
    main()
