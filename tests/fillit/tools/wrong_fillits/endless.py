"""Never stops printing: the right answer, then the same row forever, on every valid input."""

import sys

from common import pieces_or_none, right_output


def main() -> None:
    sys.stdout.write(right_output(sys.argv[1]))
    if pieces_or_none(sys.argv[1]) is not None:
        while True:
            sys.stdout.write("A" * 1024 + "\n")


if __name__ == "__main__":
    main()
