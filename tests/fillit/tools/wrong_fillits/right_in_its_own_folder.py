"""Right, and leaves a file in its working folder, and reads its standard input first (which
must be closed, not the terminal's, or it would wait forever)."""

import sys
from pathlib import Path

from common import right_output


def main() -> None:
    sys.stdin.read()
    Path("litter.txt").write_text(sys.argv[1])
    sys.stdout.write(right_output(sys.argv[1]))


if __name__ == "__main__":
    main()
