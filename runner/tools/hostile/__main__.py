"""``python -m runner.tools.hostile``: the same as ``python -m runner hostile``."""

import sys

from .corpus import main

if __name__ == "__main__":  # importing the package's modules (tests walk them) runs nothing
    sys.exit(main())
