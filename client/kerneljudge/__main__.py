import sys

from kerneljudge.cli import main

sys.exit(main())
