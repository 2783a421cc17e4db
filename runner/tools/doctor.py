"""``python -m runner doctor [--json] [--gpu] [--profiler [--no-sandbox]]``: which protections
are active here, and why; with ``--profiler``, whether Nsight Compute can profile a sandboxed
process (runner/tools/profiler_check.py)."""

from __future__ import annotations

import argparse
import json
import sys


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m runner doctor",
        description="Show which sandbox protections this host enforces.",
    )
    ap.add_argument("--json", action="store_true", help="print JSON")
    ap.add_argument("--gpu", action="store_true", help="for a GPU job (default: both)")
    ap.add_argument(
        "--profiler", action="store_true", help="check that ncu profiles a sandboxed process"
    )
    ap.add_argument("--no-sandbox", action="store_true", help="with --profiler: outside it")
    args = ap.parse_args(argv)
    if args.profiler:
        from runner.tools.profiler_check import check_profiler  # noqa: PLC0415

        result = check_profiler(sandbox=not args.no_sandbox)
        print(json.dumps(result, indent=2))
        return 0 if result["ok"] else 1
    from runner.sandbox import active_protections

    kinds = (
        {"gpu": active_protections(True)}
        if args.gpu
        else {"cpu": active_protections(False), "gpu": active_protections(True)}
    )
    if args.json:
        print(json.dumps(kinds, indent=2))
    else:
        for kind, prots in kinds.items():
            on = sum(p["active"] for p in prots.values())
            print(f"{kind.upper()} jobs: {on}/{len(prots)} protections active")
            for name, p in prots.items():
                mark = "ok " if p["active"] else "OFF"
                print(f"  [{mark}] {name:<20} {p['detail']}")
            print()
    backend = kinds[next(iter(kinds))]["backend"]
    return 0 if backend["active"] else 1


if __name__ == "__main__":
    sys.exit(main())
