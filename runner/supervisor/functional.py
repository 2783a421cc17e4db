"""The functional tests: every test on fresh inputs in supervisor-owned buffers, every element
compared (runner.supervisor.checks)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from runner.contract import TestCase
from runner.supervisor import language as plugins
from runner.supervisor.checks import check_call
from runner.supervisor.inputs import derive_seed, generate_inputs
from runner.supervisor.outcome import child_error_verdict, fmt_sizes

if TYPE_CHECKING:
    from runner.supervisor.context import Judgement

JIT_ALLOWANCE_S = 60.0  # on top of the per-test limit for languages compiled at first call


def selected_tests(j: Judgement) -> list[TestCase]:
    tests = list(j.problem.tests)
    if j.job.mode in ("run", "profile"):  # a profile's tests are those of a run
        tests = [t for i, t in enumerate(tests) if t.public or i == 0]
    return tests


def call_timeout(j: Judgement) -> float:
    """A test's limit counts the solution's work, not a JIT compile: on the devices its plug-in
    names (``jit_devices``) a language gets the JIT allowance on every test. Triton specialises
    a kernel anew for new sizes, and CuPy, PyTorch on a GPU compile or load libraries at first
    use; JAX compiles each new shape with XLA, on every device; TileLang and cuTile compile a
    kernel at its first call for each new specialisation (a static size, a dtype). A benchmark case's warm-up calls get the same limit
    (runner/supervisor/benchmark.py): a new size may compile there too."""
    jit = j.job.device in plugins.plugin(j.job.language).jit_devices
    return j.limits.test_timeout_s + (JIT_ALLOWANCE_S if jit else 0.0)


def run_tests(j: Judgement) -> tuple[str, str]:
    t0 = time.monotonic()
    tests = selected_tests(j)
    first_failure: tuple[str, str] | None = None
    run_count = 0
    skipped = 0
    try:
        for k, test in enumerate(tests, 1):
            sizes = dict(test.scalars)
            base = {"name": test.name, "public": test.public, "sizes": sizes}
            if j.job.device == "cpu" and not test.cpu:
                skipped += 1
                j.tests.append(
                    {
                        **base,
                        "passed": None,
                        "skipped": True,
                        "message": "Not run on the CPU device (cpu = false); "
                        "it runs on GPU workers.",
                    }
                )
                continue
            j.emit({"phase": "testing", "test": k, "total": len(tests)})
            seed = derive_seed(j.job.seed, "test", test.name, k)
            inputs = generate_inputs(j.problem, test, seed, j.job.device, j.make_inputs)
            where = f"in test '{test.name}' ({fmt_sizes(sizes)})"
            bufs = j.buffers_for(test.scalars, where)
            try:
                bufs.write(inputs)
                bufs.sync()
                reply = j.ask({"op": "call"}, call_timeout(j), where)
                post = bufs.snapshot()
                bufs.sync()
            finally:
                bufs.close()
            if not reply.get("ok"):
                j.tests.append(
                    {**base, "passed": False, "message": str(reply.get("error", ""))[:2000]}
                )
                raise child_error_verdict(reply, where)
            run_count += 1
            mode = "run" if j.job.mode == "profile" else j.job.mode
            passed, entry, msg = check_call(
                j.problem, j.reference, mode, test.name, sizes, inputs, test.scalars, post
            )
            time_ms = reply.get("time_ms")
            entry["time_ms"] = float(time_ms) if isinstance(time_ms, int | float) else None
            j.tests.append({**base, "passed": passed, "message": msg, **entry})
            if not passed:
                first_failure = first_failure or ("wrong_answer", msg)
                if j.job.mode == "submit":
                    break
    finally:
        j.phases["tests_s"] = time.monotonic() - t0
    if first_failure:
        return first_failure
    note = (
        f" ({skipped} GPU-only test{'s' if skipped != 1 else ''} skipped on the CPU)"
        if skipped
        else ""
    )
    return "accepted", f"All {run_count} tests passed{note}."
