"""Wrong: a valid packing of the smallest square, but not the canonical one (the pieces are
placed in reverse order, then lettered back)."""

import sys

from common import pieces_or_none, right_output

from fillit.solver.arrange import arrange_fast


def main() -> None:
    pieces = pieces_or_none(sys.argv[1])
    if pieces is None:
        sys.stdout.write(right_output(sys.argv[1]))
    else:
        rows = arrange_fast(pieces[::-1]).rows()
        back = {chr(65 + i): chr(65 + len(pieces) - 1 - i) for i in range(len(pieces))}
        sys.stdout.write("".join("".join(back.get(c, c) for c in row) + "\n" for row in rows))


if __name__ == "__main__":
    main()
