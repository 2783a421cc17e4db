"""Command line of the runner.

    python -m runner judge PROBLEM_DIR SOURCE --language L --mode run|submit|profile
                           [--device cuda|cpu] [--seed N] [--output-dir DIR] [--json]
    python -m runner job SPEC.json [--events FILE]      # JobSpec in, JudgeResult JSON out
    python -m runner doctor [--json]                    # sandbox protections (runner.sandbox)
    python -m runner hostile [--device cpu|cuda] [--json]
    python -m runner validate [SLUG...] [--device cpu|cuda] [--json]
    python -m runner serve --socket PATH [--device cpu|cuda]   # warm service for a worker
    python -m runner inspect PROBLEM_DIR SOURCE [--language cuda] [--arch sm_90] [--json]
                                                        # PTX, SASS, resources (runner.tools)

Any verdict exits 0; usage errors (bad arguments, unreadable files, invalid specs) exit 2.
"""

from __future__ import annotations

import argparse
import glob
import importlib
import json
import os
import secrets
import sys
from pathlib import Path

from runner.contract import LANGUAGES, language_of_source
from runner.supervisor import bytecode


class UsageError(Exception):
    pass


def _guess_language(path: Path) -> str:
    return language_of_source(path.name, path.read_text(errors="replace"))


def _fmt(v, digits: int = 4) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.{digits}g}"
    return str(v)


def render(result) -> str:
    """A readable report of a JudgeResult."""
    lines = [f"Verdict: {result.verdict}", f"  {result.message}"]
    if result.compile_log.strip():
        lines += ["", "Compiler output:", *("  " + ln for ln in result.compile_log.splitlines())]
    if result.tests:
        lines += ["", "Tests:"]
        width = max(len(t.get("name", "")) for t in result.tests)
        for t in result.tests:
            if t.get("skipped"):
                status = "skip"
            else:
                status = {True: "ok", False: "FAIL", None: "-"}[t.get("passed")]
            sizes = " ".join(f"{k}={v}" for k, v in (t.get("sizes") or {}).items())
            lines.append(
                f"  {status:<4} {t.get('name', ''):<{width}}  {sizes:<24} "
                f"max abs {_fmt(t.get('max_abs_err'))}  max rel {_fmt(t.get('max_rel_err'))}  "
                f"{_fmt(t.get('time_ms'))} ms"
            )
            if t.get("message") and t.get("passed") is False:
                lines.append(f"       {t['message']}")
            for name, prev in (t.get("output_preview") or {}).items():
                lines.append(f"       {name} got      {prev['got']}")
                lines.append(f"       {name} expected {prev['expected']}")
    bench = result.benchmark
    if bench and bench.get("cases"):
        lines += ["", f"Benchmark ({bench.get('method', '')}):"]
        lines.append(
            f"  {'case':<24} {'median ms':>10} {'mean':>9} {'std':>9} {'min':>9} "
            f"{'runs':>5} {'GB/s':>8} {'GFLOP/s':>8} {'%peak':>6} {'base ms':>9} "
            f"{'speedup':>7}"
        )
        for c in bench["cases"]:
            frac = c.get("fraction_of_peak")
            lines.append(
                f"  {c['name'][:24]:<24} {_fmt(c.get('median_ms')):>10} {_fmt(c.get('mean_ms')):>9} "
                f"{_fmt(c.get('std_ms')):>9} {_fmt(c.get('min_ms')):>9} {c.get('runs', 0):>5} "
                f"{_fmt(c.get('gbps')):>8} {_fmt(c.get('gflops')):>8} "
                f"{(f'{100 * frac:.1f}' if isinstance(frac, float) else '-'):>6} "
                f"{_fmt(c.get('baseline_median_ms')):>9} {_fmt(c.get('speedup'), 3):>7}"
            )
        lines.append(f"  score: {_fmt(bench.get('score_ms'))} ms (geometric mean of medians)")
        if bench["cases"][0].get("baseline"):
            lines.append(f"  speedup against the baseline: {bench['cases'][0]['baseline']}")
    if result.profile is not None:
        lines += ["", *render_profile(result.profile)]
    dev = result.device or {}
    lines += ["", f"Device: {dev.get('kind', '?')} {dev.get('name', '')}".rstrip()]
    if result.phases:
        lines.append("Phases: " + ", ".join(f"{k} {v:.3f}" for k, v in result.phases.items()))
    if result.flags:
        lines.append("Flags: " + ", ".join(result.flags))
    for name, text in (("stdout", result.stdout), ("stderr", result.stderr)):
        if text.strip():
            lines += ["", f"{name}:", *("  " + ln for ln in text.splitlines()[:50])]
    if result.output_truncated:
        lines.append("(output truncated)")
    if result.details and result.verdict in ("internal_error", "runtime_error"):
        lines += ["", "Details:", *("  " + ln for ln in result.details.splitlines()[-30:])]
    return "\n".join(lines)


def _pct(v) -> str:
    return f"{v:.1f}" if isinstance(v, int | float) else "-"


def render_profile(p: dict) -> list[str]:
    """The profile section of a report (mode profile)."""
    if not p.get("ok"):
        return [f"Profile: not available ({p.get('reason', '?')}): {p.get('error', '')}"]
    case, t, c = p["case"], p["judge_time"], p["comparison"]
    sizes = " ".join(f"{k}={v}" for k, v in case["sizes"].items())
    lines = [
        f"Profile of '{case['name']}' ({sizes}), Nsight Compute, {p['launches']} launches:",
        f"  {'kernel':<40} {'launches':>8} {'us/launch':>10} {'DRAM%':>6} {'DRAM GB/s':>9} "
        f"{'L2%':>6} {'SM%':>6} {'tensor%':>7} {'occup%':>6}  top stalls",
    ]
    for k in p["kernels"]:
        dur = k.get("duration_ns")
        stalls = ", ".join(
            f"{s['reason']} {100 * s['share']:.0f}%" for s in k["stalls"]["reasons"][:3]
        )
        lines.append(
            f"  {k['kernel'][:40]:<40} {k['launches']:>8} "
            f"{_fmt(dur / 1e3 if dur else None):>10} {_pct(k.get('dram_pct_of_peak')):>6} "
            f"{_fmt(k.get('dram_gbps')):>9} {_pct(k.get('l2_pct_of_peak')):>6} "
            f"{_pct(k.get('sm_pct_of_peak')):>6} {_pct(k.get('tensor_pipe_pct')):>7} "
            f"{_pct(k.get('achieved_occupancy_pct')):>6}  {stalls}"
        )
    lines += [
        f"  ncu: {_fmt(c['ncu_duration_ms'])} ms in kernels, DRAM {_fmt(c['ncu_dram_gbps'])} GB/s"
        f"; judge: {_fmt(t['median_ms'])} ms median, {_fmt(t['gbps'])} GB/s by the bytes "
        f"formula (ratio {_fmt(c['gbps_ratio'], 3)}); never a score",
        f"  report: {p['report']['path']} ({p['report']['bytes']} bytes)",
    ]
    return lines


def _prestart_enabled() -> bool:
    return os.environ.get("KERNELJUDGE_PRESTART", "1") != "0"


def _start_spare(device: str, language: str, mode: str):
    """Start the sandboxed child now, before this process imports torch or compiles: its
    boot (interpreter, torch, CUDA context) is the slowest part of a cold judgement. A CUDA
    solution in mode run gets the torch-free child (runner/child/native_child.py)."""
    if not _prestart_enabled():
        return None
    try:
        from runner.supervisor.childproc import Spare, native_child_for  # noqa: PLC0415

        return Spare(device, native=native_child_for(language, device, mode))
    except Exception:  # noqa: BLE001 - the judgement starts its own child instead
        return None


def _cmd_judge(args) -> int:
    src = Path(args.source)
    if not src.is_file():
        raise UsageError(f"{src}: no such file")
    guessed = args.device or _guess_device()
    args.language = args.language or _guess_language(src)
    spare = _start_spare(guessed, args.language, args.mode)
    _import_torch_in_background()
    try:
        return _judge_with(args, src, spare)
    except BaseException:
        if spare is not None:
            spare.discard()
        raise


def _import_torch_in_background() -> None:
    """``import torch`` (2-3 s on a GPU host) starts now, beside the spec loading, the driver
    check and the compile, instead of when the judgement first needs it."""
    import threading  # noqa: PLC0415

    def load() -> None:
        try:
            import torch  # noqa: F401, PLC0415
        except Exception:  # noqa: BLE001 - the judgement reports it when it imports torch
            pass

    threading.Thread(target=load, name="import-torch", daemon=True).start()


def _judge_with(args, src: Path, spare) -> int:
    from runner import judge  # noqa: PLC0415
    from runner.contract import JobSpec, ProblemSpec, SpecError  # noqa: PLC0415

    if args.device is None:
        # the guess is checked (driver API, else torch); a wrong one only costs the spare
        args.device = _confirm_cuda() if _guess_device() == "cuda" else "cpu"
    try:
        problem = ProblemSpec.from_dir(args.problem_dir)
    except SpecError as exc:
        raise UsageError(f"{args.problem_dir}: {exc}") from None
    seed = args.seed if args.seed is not None else secrets.randbits(62)
    try:
        job = JobSpec(
            problem=problem,
            source=src.read_text(),
            language=args.language,
            mode=args.mode,
            device=args.device,
            seed=seed,
            arch=args.arch,
            output_dir=str(Path(args.output_dir).resolve()) if args.output_dir else "",
        )
    except SpecError as exc:
        raise UsageError(str(exc)) from None

    def on_event(ev: dict) -> None:
        if not args.json and not args.quiet:
            print("..", " ".join(f"{k}={v}" for k, v in ev.items()), file=sys.stderr, flush=True)

    result = judge(job, on_event=on_event, spare=spare)
    if args.json:
        print(result.to_json(indent=2))
    else:
        print(render(result))
    return 0


def _cmd_job(args) -> int:
    from runner import judge  # noqa: PLC0415
    from runner.contract import JobSpec, SpecError  # noqa: PLC0415

    try:
        text = sys.stdin.read() if args.spec == "-" else Path(args.spec).read_text()
    except OSError as exc:
        raise UsageError(f"{args.spec}: {exc}") from None
    try:
        job = JobSpec.from_json(text)
    except SpecError as exc:
        raise UsageError(f"invalid job: {exc}") from None
    events = open(args.events, "a", buffering=1) if args.events else None  # noqa: SIM115

    def on_event(ev: dict) -> None:
        if events is not None:
            events.write(json.dumps(ev) + "\n")
            events.flush()

    try:
        result = judge(job, on_event=on_event)
    finally:
        if events is not None:
            events.close()
    sys.stdout.write(result.to_json() + "\n")
    sys.stdout.flush()
    return 0


def _delegate(module_names: list[str], argv: list[str], what: str) -> int:
    for name in module_names:
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and name.startswith(exc.name):
                continue
            raise
        return int(mod.main(argv) or 0)
    print(f"python -m runner {what}: not available in this installation", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    bytecode.enable()  # before anything imports torch
    if argv and argv[0] == "doctor":
        return _delegate(["runner.tools.doctor", "runner.doctor"], argv[1:], "doctor")
    if argv and argv[0] == "hostile":
        return _delegate(["runner.tools.hostile", "runner.hostile"], argv[1:], "hostile")
    if argv and argv[0] == "validate":
        return _delegate(["runner.tools.validate"], argv[1:], "validate")
    if argv and argv[0] == "serve":
        return _delegate(["runner.service.server"], argv[1:], "serve")
    if argv and argv[0] == "inspect":
        return _delegate(["runner.tools.inspect"], argv[1:], "inspect")
    if argv and argv[0] == "selftest":
        return _delegate(["runner.tools.selftest"], argv[1:], "selftest")
    ap = argparse.ArgumentParser(prog="python -m runner", description="KernelJudge runner")
    sub = ap.add_subparsers(dest="cmd", required=True)
    j = sub.add_parser("judge", help="judge SOURCE against the problem package PROBLEM_DIR")
    j.add_argument("problem_dir")
    j.add_argument("source")
    j.add_argument("--language", choices=list(LANGUAGES))
    j.add_argument("--mode", choices=["run", "submit", "profile"], default="submit")
    j.add_argument("--device", choices=["cuda", "cpu"], default=None)
    j.add_argument("--seed", type=int)
    j.add_argument("--arch", default="sm_90")
    j.add_argument("--output-dir", help="mode profile: where the .ncu-rep report is kept")
    j.add_argument("--json", action="store_true", help="print the JudgeResult JSON")
    j.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    jb = sub.add_parser("job", help="JobSpec JSON in (file or -), JudgeResult JSON on stdout")
    jb.add_argument("spec")
    jb.add_argument("--events", help="append progress events as JSON lines to this file")
    sub.add_parser("doctor", help="sandbox protections on this host")
    sub.add_parser("hostile", help="run the hostile-submission suite")
    sub.add_parser("validate", help="validate problem packages (solutions, starters)")
    sub.add_parser("serve", help="warm judging service on a unix socket (for a worker)")
    sub.add_parser("inspect", help="PTX, SASS, registers, spills and occupancy of a CUDA source")
    sub.add_parser("selftest", help="which languages this machine judges on a device")
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return 2 if exc.code not in (0, None) else 0
    try:
        if args.cmd == "judge":
            return _cmd_judge(args)
        if args.cmd == "job":
            return _cmd_job(args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 2


def _guess_device() -> str:
    """A guess of the default device without importing torch: 'cuda' when NVIDIA device
    nodes exist and CUDA_VISIBLE_DEVICES does not hide them."""
    if os.environ.get("CUDA_VISIBLE_DEVICES", None) in ("", "-1"):
        return "cpu"
    return "cuda" if glob.glob("/dev/nvidia[0-9]*") else "cpu"


def _confirm_cuda() -> str:
    """'cuda' when the driver reports a device and torch is a CUDA build, checked without
    importing torch (which takes seconds that the compile should not wait for); falls back
    to torch's own answer when the driver cannot be asked."""
    import ctypes  # noqa: PLC0415
    import importlib.util  # noqa: PLC0415

    try:
        spec = importlib.util.find_spec("torch")
        torch_dir = Path(spec.origin).parent if spec and spec.origin else None
        if torch_dir is None or not list((torch_dir / "lib").glob("libc10_cuda*")):
            return "cpu"
        lib = ctypes.CDLL("libcuda.so.1")
        if lib.cuInit(0) != 0:
            return "cpu"
        count = ctypes.c_int(0)
        if lib.cuDeviceGetCount(ctypes.byref(count)) != 0:
            return "cpu"
        return "cuda" if count.value > 0 else "cpu"
    except OSError:
        return "cpu"  # no driver library: torch could not use CUDA either
    except Exception:  # noqa: BLE001
        return _default_device()


def _default_device() -> str:
    try:
        import torch  # noqa: PLC0415

        return "cuda" if torch.cuda.is_available() else "cpu"
    except Exception:  # noqa: BLE001
        return "cpu"


if __name__ == "__main__":
    code = main()
    if sys.argv[1:2] == ["judge"]:
        # the report is out; skip the interpreter's teardown of torch and the CUDA context
        # (a few hundred ms of a cold judgement): the job directory and the child are gone
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)
