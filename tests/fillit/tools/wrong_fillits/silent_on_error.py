"""Wrong: prints nothing at all for an invalid file instead of `error`."""

import sys

from common import pieces_or_none, right_output


def main() -> None:
    if pieces_or_none(sys.argv[1]) is not None:
        sys.stdout.write(right_output(sys.argv[1]))


if __name__ == "__main__":
    main()
