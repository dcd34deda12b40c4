"""Too slow: right, but sleeps a minute on inputs of more than 20 pieces."""

import sys
import time

from common import pieces_or_none, right_output


def main() -> None:
    pieces = pieces_or_none(sys.argv[1])
    if pieces is not None and len(pieces) > 20:
        time.sleep(60)
    sys.stdout.write(right_output(sys.argv[1]))


if __name__ == "__main__":
    main()
