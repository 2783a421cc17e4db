"""The catalog lint over every problem at every size (the CPU device's and the GPU's): each
shortcut's worst error over its allowance and the share of elements it gets wrong, per case.

    python bench/catalog_lint.py [slugs...] [--sizes all|cpu] [--large-elements N]
                                 [--out bench/results/catalog_lint]

A thin wrapper of ``python -m runner.tools.catalog_lint --json FILE`` (docs/judging.md, "The
catalog lint") that names the raw file ``<date>-<host>.json``; the raw file carries the head
every benchmark writes (benchmark, date, commit, machine) and the run's provenance.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from runner.tools import catalog_lint  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("slugs", nargs="*")
    ap.add_argument("--sizes", choices=["all", "cpu"], default="all")
    ap.add_argument(
        "--large-elements",
        type=int,
        default=catalog_lint.LARGE_ELEMENTS,
        help="GPU-size cases with more tensor elements get only the cheap shortcuts",
    )
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "catalog_lint")
    ap.add_argument("--host", default="vm", help="the machine's name in the file name")
    args = ap.parse_args()
    out = args.out / f"{datetime.now(UTC):%Y-%m-%d}-{args.host}.json"
    rc = catalog_lint.main(
        [*args.slugs, "--sizes", args.sizes, "--large-elements", str(args.large_elements)]
        + ["--json", str(out)]
    )
    print(out)
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
