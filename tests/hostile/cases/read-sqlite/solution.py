import torch

import glob, runner
from pathlib import Path
def solve(A, B, C, N):
    for r in {Path(runner.__file__).resolve().parents[1], Path("/work/main")}:
        for p in glob.glob(str(r / "var" / "*")):
            try:
                _pwned(open(p, "rb").read(200))
            except OSError:
                pass
    torch.add(A, B, out=C)


def _pwned(what):
    # reaching here means the attack worked: say so and fail the test on purpose
    print('KJ-LEAK', str(what)[:200])
    raise SystemExit(f'KJ-LEAK {str(what)[:200]}')
