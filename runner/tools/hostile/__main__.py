"""``python -m runner.tools.hostile``: the same as ``python -m runner hostile``."""

import sys

from .corpus import main

sys.exit(main())
