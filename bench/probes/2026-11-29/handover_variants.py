"""Where the hand-over clock's extra time goes: a few solutions judged in one process under
variants of the GPU clock, the child's events against the supervisor's windows per variant.

    python3 bench/probes/2026-11-29/handover_variants.py [--out FILE]

Variants: ``host`` (the host windows), ``handover`` (as the judge runs it: the supervisor's
host reads DONE before it queues the snapshot), ``gpuwait`` (the hand-over as first built: a
wait for DONE queued on the supervisor's stream before the call, pending while the child's
kernels run), ``nolead`` (the hand-over without the lead-in spin), ``hostgo`` (the hand-over
with the child waiting for GO on its host: nothing of the child's pending on the GPU while the
supervisor writes the inputs and flushes; only with host_go.patch applied, as host_go.sh does).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from runner import judge  # noqa: E402
from runner.common import leadin  # noqa: E402
from runner.contract import JobSpec, ProblemSpec, language_of_source  # noqa: E402
from runner.supervisor import windows  # noqa: E402

SOLUTIONS = [
    "vector-add/correct_pytorch.py",
    "vector-add/correct_basic.cu",
    "matrix-transpose/correct_tiled.cu",
    "reduction/correct_atomic.cu",
]
_scaled, _await_done = leadin.scaled, windows._await_done


def variant(name: str) -> None:
    os.environ["KERNELJUDGE_GPU_CLOCK"] = "host" if name == "host" else "handover"
    os.environ["KERNELJUDGE_HANDOVER_GO"] = "host" if name == "hostgo" else "stream"
    leadin.scaled = (lambda cycles, ms: 0) if name == "nolead" else _scaled
    windows._await_done = (lambda bufs, h, answered: None) if name == "gpuwait" else _await_done


def judge_solution(rel: str, device: str, seed: int) -> dict:
    """One judgement (mode submit) of the catalog's solution ``slug/file``, as a dict."""
    slug, sol = rel.split("/")
    pdir = ROOT / "problems" / "catalog" / slug
    src = (pdir / "solutions" / sol).read_text()
    job = JobSpec(
        problem=ProblemSpec.from_dir(pdir),
        source=src,
        language=language_of_source(sol, src),
        mode="submit",
        device=device,
        seed=seed,
    )
    return judge(job).to_dict()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--variants", default="handover,hostgo,gpuwait,host")
    ap.add_argument("--out", default="")
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--solutions", default=",".join(SOLUTIONS), help="slug/file, comma-separated")
    ap.add_argument("--repeat", type=int, default=1, help="judgements per solution and variant")
    args = ap.parse_args()
    rows = []
    for name in args.variants.split(","):
        variant(name)
        for rel in [r for r in args.solutions.split(",") for _ in range(args.repeat)]:
            res = judge_solution(rel, args.device, 1234)
            bench = (res.get("benchmark") or {}).get("cases") or [{}]
            c = bench[0]
            clk = c.get("clock") or {}
            row = {
                "variant": name,
                "solution": rel,
                "verdict": res["verdict"],
                "event_ms": clk.get("event_median_ms"),
                "window_ms": clk.get("window_median_ms"),
                "empty_ms": clk.get("empty_window_ms"),
                "bound_ms": clk.get("bound_ms"),
                "burst": c.get("burst_calls"),
                "baseline_ms": c.get("baseline_median_ms"),
                "flags": c.get("flags"),
                "sync_gap_ms": c.get("sync_gap_ms"),
                "slow_calls": c.get("slow_calls"),
                "calls_ended_at_synchronise": c.get("calls_ended_at_synchronise"),
                "time_ms": clk.get("time_ms"),
                "slack_ms": clk.get("slack_ms"),
                "drift_ms": clk.get("drift_ms"),
                "noise_ms": c.get("clock_noise_ms"),
                "handover_go": c.get("handover_go"),
                "samples": c.get("clock_samples"),
                "message": res["message"][:200] if res["verdict"] != "accepted" else "",
            }
            rows.append(row)
            print(json.dumps(row), flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(rows, indent=1))
    print(
        f"\n{'variant':9} {'solution':36} {'verdict':9} {'event':>8} {'window':>8} "
        f"{'empty':>8} {'bound':>8} {'ref':>8} {'time':>8} flags"
    )
    for r in rows:
        f = {
            k: (f"{r[k]:.4f}" if isinstance(r[k], float) else "-")
            for k in ("event_ms", "window_ms", "empty_ms", "bound_ms", "baseline_ms", "time_ms")
        }
        print(
            f"{r['variant']:9} {r['solution']:36} {r['verdict'][:9]:9} {f['event_ms']:>8} "
            f"{f['window_ms']:>8} {f['empty_ms']:>8} {f['bound_ms']:>8} {f['baseline_ms']:>8} "
            f"{f['time_ms']:>8} {','.join(r['flags'] or [])}"
        )


if __name__ == "__main__":
    main()
