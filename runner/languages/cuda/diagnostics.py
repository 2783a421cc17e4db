"""Diagnostics of CUDA C++ judged on the CPU: what a GPU hides, found by running the solution
again under the emulation's diagnostic settings (docs/languages/cuda.md, "Diagnostics").

- Out-of-bounds reads and writes of the solution's buffers and of shared memory: a build with
  AddressSanitizer (``BuildOptions(diagnostics=True)``), called by our harness with buffers of
  exactly the problem's sizes (runner/languages/cuda/harness.py); the report names the buffer,
  the element, the kernel, the line, the block and the thread (asan_report.py).
- Shared-memory races (a missing ``__syncthreads()``): the same call with each block's threads
  started and resumed in reverse order (``KJ_EMU_ORDER=reverse``); outputs that change, where
  the change is not one the problem's check accepts, name the race.
- Reads of shared memory no thread wrote: the same call with shared memory filled with another
  byte at each block start (``KJ_EMU_SMEM_FILL``).

The supervisor reads every output file itself and compares it; the diagnostic run's process is
believed for nothing but the words of a diagnostic. A diagnostic describes; it never turns a
failing verdict into a pass, and a diagnostic found on an accepted run is reported beside the
verdict without changing it (the GPU would have accepted the same outputs).

Entry point: ``diagnose(j, verdict=..., message=...)``, called by the judgement's hook
(runner/supervisor/emulation.py) after the functional tests. The build itself, and a Run's
build started beside the judged one, are in diagnostics_build.py.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import torch

from runner.common.tensors import TORCH_DTYPES
from runner.languages.cuda import asan_report, harness
from runner.languages.cuda.diagnostics_build import build_library, take_prebuilt
from runner.sandbox import process as proc
from runner.supervisor.checks import check_call
from runner.supervisor.functional import selected_tests
from runner.supervisor.inputs import derive_seed, generate_inputs

if TYPE_CHECKING:
    from runner.contract import TestCase
    from runner.supervisor.context import Judgement

log = logging.getLogger(__name__)

FLAG = "emulation_diagnostic"  # result.flags: a diagnostic is in the message
SWITCH = "KERNELJUDGE_CUDA_DIAGNOSTICS"  # "off" in the worker's environment: none run
# verdicts worth a diagnosis: those whose cause may be a hidden memory error or race
DIAGNOSED_VERDICTS = ("wrong_answer", "runtime_error", "accepted")
# the emulation's own runtime errors (runner/languages/cuda/emu/src/errors.cpp) name the kernel,
# its launch and the line: "kernel K (launched at line L): ..."
EMULATION_ERROR = re.compile(r"\bkernel \S.* \(launched at line \d+\)")
BUDGET_S = 30.0  # all diagnostic runs of one judgement stop starting after this
MAX_CASE_BYTES = 64 << 20  # tests with larger buffers are not diagnosed (AddressSanitizer, 1 core)
MAX_CALL_MS = 200.0  # passing tests whose judged call took longer are not diagnosed
FILL_OTHER = "0x7f"  # 0x7f7f7f7f: a huge float, a NaN half, a large int: never plausible
UNINITIALISED = "uninitialised shared memory"
# the judged build's calls of each test: (KJ_EMU_ORDER, KJ_EMU_SMEM_FILL)
VARIANTS = (("forward", "0"), ("reverse", "0"), ("forward", FILL_OTHER), ("reverse", FILL_OTHER))
SANITIZED, JUDGED = (
    "sanitized.so",
    "judged.so",
)  # the two builds, in the diagnostics' folder


@dataclass
class Diagnosis:
    kind: str  # "out-of-bounds" | "memory error" | "race" | "uninitialised shared memory"
    text: str  # the sentence shown to the user
    test: str  # the test whose inputs showed it


def diagnose(j: Judgement, *, verdict: str, message: str) -> tuple[str, str]:
    """The judgement's verdict and message, the message extended with what the diagnostics
    found (and ``emulation_diagnostic`` in the flags). The verdict is returned unchanged."""
    if not wanted(j, verdict, message):
        return verdict, message  # an early build is removed as the judgement ends
    t0 = time.monotonic()
    try:
        found = find(j, failing_test(j) if verdict != "accepted" else None)
    except Exception as exc:  # noqa: BLE001 - a diagnostic is a courtesy, never a new failure
        j.flags.append("emulation_diagnostics_failed")
        log.warning("emulation diagnostics failed: %s: %s", type(exc).__name__, exc)
        j.phases["diagnostics_s"] = time.monotonic() - t0
        return verdict, message
    j.phases["diagnostics_s"] = time.monotonic() - t0
    if found is None:
        return verdict, message
    j.flags.append(FLAG)
    for t in j.tests:
        if t.get("name") == found.test:
            t["diagnostic"] = found.text
    if verdict == "accepted":
        return verdict, (
            f"{message} The emulation's diagnostics found a bug that did not change these "
            f"outputs (test '{found.test}'): {found.text}"
        )
    return verdict, f"{message} Diagnostics (test '{found.test}'): {found.text}"


def wanted(j: Judgement, verdict: str, message: str = "") -> bool:
    """Diagnostics run after a failing test or a runtime error, and after an accepted Run (what
    a GPU hides is what a learner's Run is for); never after a Submit was accepted (its
    verdict, times and board entry must not wait), a timeout, a memory or output limit, a
    compile error, or a runtime error the emulation described itself (a divergent barrier, a
    shuffle mask naming an exited lane: its message names the kernel and the line). A worker
    whose environment sets KERNELJUDGE_CUDA_DIAGNOSTICS=off runs none."""
    if os.environ.get(SWITCH, "on") == "off":
        return False  # the worker's operator turned them off (their CPU time)
    if verdict not in DIAGNOSED_VERDICTS:
        return False
    if verdict == "runtime_error" and EMULATION_ERROR.search(message or ""):
        return False  # the emulation named the kernel and the line already (a barrier, a mask)
    return not (verdict == "accepted" and j.job.mode != "run")


def failing_test(j: Judgement) -> str | None:
    return next((t["name"] for t in j.tests if t.get("passed") is False), None)


def find(j: Judgement, failing: str | None) -> Diagnosis | None:
    """The first diagnostic over the public tests (and the failing one), or None."""
    # a folder of its own, not the job's: the solution's child (still alive) can write there
    work = Path(tempfile.mkdtemp(prefix="kj-diag-"))
    prebuilt = take_prebuilt(j)
    try:
        os.chmod(work, 0o700)
        library = prebuilt.result() if prebuilt is not None else None
        if library is None:
            library = build_library(j, work)
        if library is None:
            return None
        params = [{"name": p.name, "dtype": p.dtype, "role": p.role} for p in j.problem.params]
        runner = harness.build_harness(params)
        shutil.copy(library, work / SANITIZED)
        judged = j.module_path is not None and Path(j.module_path).is_file()
        if judged:
            shutil.copy(j.module_path, work / JUDGED)
        plan = [
            prepare_case(j, params, f"case{n}", k, test)
            for n, (k, test) in enumerate(cases(j, failing))
        ]
        calls = []
        for case, _, _ in plan:
            calls.append(harness.Call(case.name, "bounds", SANITIZED, ("forward", "-")))
            for order, fill in VARIANTS if judged else ():
                calls.append(harness.Call(case.name, f"{order}-{fill}", JUDGED, (order, fill)))
        runs = harness.run_plan(
            work,
            runner,
            params,
            [case for case, _, _ in plan],
            calls,
            entry=j.entry_symbol or "solve",
            call_timeout_s=float(j.limits.test_timeout_s),
            timeout_s=BUDGET_S,
        )
        for case, test, inputs in plan:
            found = diagnose_case(j, work, params, case, test, inputs, runs)
            if found is not None:
                return found
        return None
    finally:
        if prebuilt is not None:
            prebuilt.discard()
        if not os.environ.get("KERNELJUDGE_KEEP_JOBDIR"):
            shutil.rmtree(work, ignore_errors=True)


def cases(j: Judgement, failing: str | None) -> list[tuple[int, TestCase]]:
    """(index, test) of the tests a Run judges, and the failing test, that run on the CPU and
    fit the diagnostics' size cap (passing ones: whose judged call took at most MAX_CALL_MS);
    the failing one first."""
    judged_ms = {t.get("name"): t.get("time_ms") for t in j.tests}
    chosen = []
    for k, test in enumerate(selected_tests(j), 1):
        if not test.cpu or not (test.public or k == 1 or test.name == failing):
            continue
        if _case_bytes(j, test) > MAX_CASE_BYTES:
            continue
        ms = judged_ms.get(test.name)
        if test.name != failing and isinstance(ms, int | float) and ms > MAX_CALL_MS:
            continue  # five more calls, one with the sanitizer: a large test costs too much
        chosen.append((k, test))
    chosen.sort(key=lambda kt: kt[1].name != failing)
    return chosen


def _case_bytes(j: Judgement, test: TestCase) -> int:
    total = 0
    for p in j.problem.tensor_params:
        total += _numel(p.shape_for(test.scalars)) * asan_report.ELEMENT_BYTES.get(p.dtype, 4)
    return total


def _numel(shape: tuple[int, ...]) -> int:
    n = 1
    for s in shape:
        n *= int(s)
    return n


def prepare_case(
    j: Judgement, params: list[dict], name: str, k: int, test: TestCase
) -> tuple[harness.Case, TestCase, dict]:
    """A test's inputs, regenerated from the job's seed as the functional test made them."""
    seed = derive_seed(j.job.seed, "test", test.name, k)
    inputs = generate_inputs(j.problem, test, seed, "cpu", j.make_inputs)
    scalars = dict(test.scalars)
    sizes = {p["name"]: _tensor_bytes(j, p, scalars) for p in params if p["role"] != "scalar"}
    data = {n: _to_bytes(t) for n, t in inputs.items()}
    return harness.Case(name, data, scalars, sizes), test, inputs


def diagnose_case(
    j: Judgement,
    work: Path,
    params: list[dict],
    case: harness.Case,
    test: TestCase,
    inputs: dict,
    runs: dict[tuple[str, str], harness.HarnessRun],
) -> Diagnosis | None:
    """The diagnostics of one test: the AddressSanitizer build's call, then the judged build's
    calls in either order with either fill (the judged build keeps ``__shared__`` in the
    emulation's per-block storage, which the fill byte reaches; the sanitizer's build makes it
    plain statics it can guard)."""
    bounds = runs.get((case.name, "bounds"))
    if bounds is not None:
        symbols = None
        if "global-buffer-overflow" in bounds.stderr:
            symbols = library_symbols(work / SANITIZED, work, j.job.source)
        finding = asan_report.parse(bounds.stderr, params, j.job.source, symbols)
        if finding is not None:
            return Diagnosis(finding.kind, finding.message, test.name)

    def outputs(order: str, fill: str) -> dict[int, bytes] | None:
        run = runs.get((case.name, f"{order}-{fill}"))
        return run.outputs if run is not None and run.finished else None

    # a race: the outputs depend on the order of the block's threads (with either fill: reading
    # a slot before the thread that writes it has run shows only where the slot held garbage);
    # an uninitialised read: they depend on the fill in the same order
    for kind, first, second in (
        ("race", ("forward", "0"), ("reverse", "0")),
        ("race", ("forward", FILL_OTHER), ("reverse", FILL_OTHER)),
        (UNINITIALISED, ("forward", "0"), ("forward", FILL_OTHER)),
    ):
        a, b = outputs(*first), outputs(*second)
        if a is None or b is None:
            continue
        diff = first_difference(j, params, a, b)
        if diff is None:
            continue
        if _both_pass(j, test, inputs, case.scalars, params, a, b):
            continue  # an order the problem's check accepts either way (ties, atomics' rounding)
        note = ""
        if kind == "race" and first[1] != "0":
            note = f", shared memory starting as {FILL_OTHER} bytes"
        return Diagnosis(kind, describe_difference(kind, diff, j.job.source, note), test.name)
    return None


def library_symbols(library: Path, work: Path, source: str) -> list[asan_report.Symbol]:
    """The ``__shared__`` arrays of the diagnostics build with their places (``nm``, in the
    sandbox: the library is the user's)."""
    d = work / "symbols"
    d.mkdir(exist_ok=True)
    shutil.copy(library, d / "solution_diag.so")
    out = proc.run_capture(
        ["nm", "-S", "-C", "--defined-only", "solution_diag.so"],
        d,
        timeout_s=30,
        env=proc.base_env(),
        cap_bytes=4 << 20,
    )
    return asan_report.shared_symbols(out.output, source)


def _tensor_bytes(j: Judgement, p: dict, scalars: dict) -> int:
    spec = next(q for q in j.problem.tensor_params if q.name == p["name"])
    return _numel(spec.shape_for(scalars)) * asan_report.ELEMENT_BYTES.get(p["dtype"], 4)


def _to_bytes(t: torch.Tensor) -> bytes:
    return t.detach().contiguous().cpu().reshape(-1).view(torch.uint8).numpy().tobytes()


def _tensor(data: bytes, dtype: str) -> torch.Tensor:
    return torch.frombuffer(bytearray(data), dtype=torch.uint8).view(TORCH_DTYPES[dtype])


@dataclass
class Difference:
    name: str
    index: int
    first: float | int
    second: float | int


def first_difference(
    j: Judgement, params: list[dict], a: dict[int, bytes], b: dict[int, bytes]
) -> Difference | None:
    """The first output element where two runs differ by more than the problem's tolerance
    (integers: at all)."""
    for k, p in enumerate(params):
        if p["role"] not in ("out", "inout") or k not in a or k not in b:
            continue
        x, y = _tensor(a[k], p["dtype"]), _tensor(b[k], p["dtype"])
        if x.is_floating_point():
            xf, yf = x.double(), y.double()
            close = torch.isclose(xf, yf, rtol=j.problem.rtol, atol=j.problem.atol, equal_nan=True)
        else:
            close = x == y
        bad = (~close).nonzero()
        if bad.numel():
            i = int(bad[0, 0])
            return Difference(p["name"], i, x[i].item(), y[i].item())
    return None


def _both_pass(j, test, inputs, scalars, params, a, b) -> bool:
    """Whether both runs' outputs pass the test's own check."""
    for outputs in (a, b):
        post = dict(inputs)
        for k, p in enumerate(params):
            if k in outputs:
                spec = next(q for q in j.problem.tensor_params if q.name == p["name"])
                shape = spec.shape_for(scalars)
                post[p["name"]] = _tensor(outputs[k], p["dtype"]).reshape(shape)
        passed, _, _ = check_call(
            j.problem, j.reference, "run", test.name, dict(scalars), inputs, scalars, post
        )
        if not passed:
            return False
    return True


def describe_difference(kind: str, d: Difference, source: str, note: str = "") -> str:
    where = _shared_kernel_phrase(source)
    if kind == "race":
        return (
            f"a shared-memory race{where}: {d.name}[{d.index}] is {d.first:g} when each "
            f"block's threads run in order and {d.second:g} when they run in reverse order{note}; a "
            f"thread reads shared memory that another thread writes, with no __syncthreads() "
            f"between the write and the read."
        )
    return (
        f"a read of shared memory that no thread wrote{where}: {d.name}[{d.index}] is "
        f"{d.first:g} when shared memory starts as zero bytes and {d.second:g} when it "
        f"starts as {FILL_OTHER} bytes."
    )


_KERNEL = re.compile(r"__global__\s+(?:[\w:<>,\s*&]+?\s+)?(\w+)\s*\(")
_BOUNDS = re.compile(r"__launch_bounds__\s*\([^)]*\)")


def shared_kernels(source: str) -> list[str]:
    """The kernels whose bodies declare or use ``__shared__`` memory (in source order)."""
    names = []
    source = _BOUNDS.sub(lambda m: " " * len(m.group(0)), source)
    for m in _KERNEL.finditer(source):
        body_start = source.find("{", m.end())
        if body_start < 0:
            continue
        depth, i = 0, body_start
        while i < len(source):
            if source[i] == "{":
                depth += 1
            elif source[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        body = source[body_start:i]
        if "__shared__" in body and m.group(1) not in names:
            names.append(m.group(1))
    return names


def _shared_kernel_phrase(source: str) -> str:
    names = shared_kernels(source)
    if len(names) == 1:
        return f" in kernel {names[0]}"
    if names:
        return " in one of the kernels " + ", ".join(names)
    return ""
