"""The summary table of pack.py's reports: per language the wheels' bytes, the installed tree
before and after removals, stripping and linking, the archives, and whether the kept archive
fits what one device call leaves beside the project's tree; then every pair's total.

    python bench/languages/carry_table.py bench/results/archive/2026-11-24-cpu-language-carry/*.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
from pathlib import Path

MIB = 1 << 20
# A device call's tree and carried files: 64 MB, not MiB (a call of 65,149,146 bytes was refused
# on 2026-11-24; calls of 62.7 MB went), the tree counted as git's tracked files
CALL_BUDGET = 64_000_000


def _mib(n: int) -> str:
    return f"{n / MIB:.2f}"


def tree_bytes(root: Path) -> int:
    """Bytes of the project's tracked files, as a device call carries them."""
    names = subprocess.run(
        ["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True
    ).stdout.split(b"\0")
    return sum(
        (root / n.decode()).stat().st_size for n in names if n and (root / n.decode()).is_file()
    )


def table(reports: list[dict], room: int) -> str:
    rows = [
        "| language | wheels (MiB) | installed | after removals | after strip | after links "
        "| xz -9e | xz --x86, 256 MiB window | zstd -19 --long=27 | fits in "
        f"{room / MIB:.1f} MiB? |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for rep in reports:
        t, a = rep["total"], rep["archive"]
        kept = a["xz_bytes"]
        fits = "yes" if kept <= room else f"no, {_mib(kept - room)} MiB over"
        rows.append(
            f"| {rep['language']} | {_mib(t['wheel_bytes'])} | {_mib(t['unpacked_bytes'])} "
            f"| {_mib(t['after_removal_bytes'])} | {_mib(t['after_strip_bytes'])} "
            f"| {_mib(t['after_dedup_bytes'])} | {_mib(a['xz_9e_bytes'])} "
            f"| {_mib(a['xz_x86_9e_dict256m_bytes'])} | {_mib(a.get('zstd_19_long27_bytes', 0))} "
            f"| {fits} |"
        )
    rows += ["", "| two at once | total xz (MiB) | fits? |", "| --- | ---: | --- |"]
    for x, y in itertools.combinations(reports, 2):
        total = x["archive"]["xz_bytes"] + y["archive"]["xz_bytes"]
        fits = "yes" if total <= room else f"no, {_mib(total - room)} MiB over"
        rows.append(f"| {x['language']} + {y['language']} | {_mib(total)} | {fits} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("reports", nargs="+", type=Path)
    ap.add_argument("--tree-bytes", type=int, help="default: this checkout's tracked files")
    args = ap.parse_args(argv)
    reports = [json.loads(p.read_text()) for p in args.reports]
    tree = args.tree_bytes or tree_bytes(Path(__file__).resolve().parents[2])
    print(f"tracked tree: {tree} bytes ({_mib(tree)} MiB); room: {_mib(CALL_BUDGET - tree)} MiB\n")
    print(table(reports, CALL_BUDGET - tree))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
