"""Right, but leaves behind a process that holds its standard output open for a minute: it must
be judged when it exits, and what it left behind killed."""

import subprocess
import sys

from common import right_output


def main() -> None:
    sys.stdout.write(right_output(sys.argv[1]))
    sys.stdout.flush()
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])


if __name__ == "__main__":
    main()
