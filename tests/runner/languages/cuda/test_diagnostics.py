"""The diagnostics' decisions that need no emulation: when they run, how two runs' outputs are
compared, which kernel a race is put in."""

from __future__ import annotations

import struct
from types import SimpleNamespace

from runner.languages.cuda import diagnostics, diagnostics_build

PARAMS = [
    {"name": "x", "dtype": "f32", "role": "in"},
    {"name": "out", "dtype": "f32", "role": "out"},
    {"name": "hist", "dtype": "i32", "role": "out"},
]
J = SimpleNamespace(problem=SimpleNamespace(atol=1e-5, rtol=1e-5))


def floats(*v):
    return struct.pack(f"{len(v)}f", *v)


def ints(*v):
    return struct.pack(f"{len(v)}i", *v)


def test_runs_after_failures_and_accepted_runs_never_after_accepted_submits():
    run, submit = (
        SimpleNamespace(job=SimpleNamespace(mode="run")),
        SimpleNamespace(job=SimpleNamespace(mode="submit")),
    )
    assert diagnostics.wanted(run, "accepted") and diagnostics.wanted(submit, "wrong_answer")
    assert diagnostics.wanted(submit, "runtime_error")
    assert not diagnostics.wanted(submit, "accepted")
    for verdict in ("time_limit_exceeded", "memory_limit_exceeded", "compile_error"):
        assert not diagnostics.wanted(run, verdict)


def test_outputs_within_the_problems_tolerance_do_not_differ():
    a = {1: floats(1.0, 2.0, 3.0), 2: ints(4, 5)}
    b = {1: floats(1.0, 2.0 + 1e-6, 3.0), 2: ints(4, 5)}  # an atomics' rounding order
    assert diagnostics.first_difference(J, PARAMS, a, b) is None


def test_first_difference_names_the_output_and_element():
    a = {1: floats(1.0, 2.0, 3.0), 2: ints(4, 5)}
    b = {1: floats(1.0, 2.0, float("nan")), 2: ints(4, 5)}
    d = diagnostics.first_difference(J, PARAMS, a, b)
    assert (d.name, d.index, d.first) == ("out", 2, 3.0)
    c = {1: a[1], 2: ints(4, 6)}
    d = diagnostics.first_difference(J, PARAMS, a, c)
    assert (d.name, d.index, d.first, d.second) == ("hist", 1, 5, 6)


SOURCE = """
__device__ float twice(float v) { return 2 * v; }
__global__ void scale(float* x, int n) { x[threadIdx.x] *= 2; }
template <int B>
__global__ void __launch_bounds__(256) block_sum(const float* in, float* out) {
    __shared__ float partial[B];
    if (threadIdx.x == 0) { out[0] = partial[0]; }
}
"""


def test_a_race_is_put_in_the_one_kernel_that_uses_shared_memory():
    assert diagnostics.shared_kernels(SOURCE) == ["block_sum"]
    d = diagnostics.Difference("output", 0, 10.0, 7.5)
    text = diagnostics.describe_difference("race", d, SOURCE)
    assert text.startswith("a shared-memory race in kernel block_sum: output[0] is 10 when")
    assert "7.5 when they run in reverse order" in text


def test_an_error_the_emulation_described_itself_is_not_diagnosed_again():
    run = SimpleNamespace(job=SimpleNamespace(mode="run"))
    own = (
        "CUDA error in test 'example' (N=4): RuntimeError: CUDA error: unspecified launch "
        "failure: kernel block_sum (launched at line 27): divergent barrier: __syncthreads at "
        "line 13 (block (0,0,0), thread (0,0,0)) and ..."
    )
    assert not diagnostics.wanted(run, "runtime_error", own)
    assert diagnostics.wanted(run, "runtime_error", "The process was killed by SIGSEGV in solve.")


class FakeJudgement:  # weak-referenceable, as the real one is
    def __init__(self, mode: str):
        self.job = SimpleNamespace(mode=mode, source="__global__ void k() {}\n")
        self.limits = SimpleNamespace(compile_timeout_s=60)


def test_a_runs_diagnostics_build_starts_early_and_is_taken_once(monkeypatch):
    built = []

    def fake_build(j, folder):
        built.append(folder)
        return folder / "solution.so"

    monkeypatch.setattr(diagnostics_build, "build_library", fake_build)
    run, submit = FakeJudgement("run"), FakeJudgement("submit")
    diagnostics_build.prebuild(submit)
    assert diagnostics_build.take_prebuilt(submit) is None  # a Submit is diagnosed only on failure
    diagnostics_build.prebuild(run)
    prebuilt = diagnostics_build.take_prebuilt(run)
    assert prebuilt.result() == built[0] / "solution.so" and prebuilt.folder == built[0]
    assert diagnostics_build.take_prebuilt(run) is None
    prebuilt.discard()
    assert not built[0].exists()


def test_a_worker_can_turn_the_diagnostics_off(monkeypatch):
    run = SimpleNamespace(job=SimpleNamespace(mode="run"))
    monkeypatch.setenv("KERNELJUDGE_CUDA_DIAGNOSTICS", "off")
    assert not diagnostics.wanted(run, "accepted") and not diagnostics.wanted(run, "wrong_answer")
