"""Unit tests of the pure parts of the runner: comparison, statistics, the channel, the shared
arenas, the clock bound and the physical floor."""

from __future__ import annotations

import os
import random
import socket

import pytest
import torch

from runner.common import arena, wire
from runner.common.tensors import gather_flat, sample_index
from runner.contract import ProblemSpec
from runner.supervisor import clock, devices, stats
from runner.supervisor.buffers import CaseBuffers
from runner.supervisor.verify import compare, describe, first_change
from tests.runner.helpers import CATALOG


def test_compare_floats_rules():
    exp = torch.tensor([1.0, float("inf"), -float("inf"), 0.0, 1e6])
    ok = compare("C", exp.clone(), exp, "f32", 1e-5, 1e-5)
    assert ok.passed and ok.max_abs_err == 0.0
    got = exp.clone()
    got[4] = 1e6 + 5.0  # within rtol*|exp| = 10
    assert compare("C", got, exp, "f32", 1e-5, 1e-5).passed
    got[4] = 1e6 + 20.0
    c = compare("C", got, exp, "f32", 1e-5, 1e-5)
    assert not c.passed and c.first_mismatch["flat_index"] == 4 and c.mismatches == 1
    assert c.max_abs_err == pytest.approx(20.0)


def test_compare_nan_never_equal():
    exp = torch.tensor([float("nan"), 1.0])
    c = compare("C", exp.clone(), exp, "f32", 1.0, 1.0)
    assert not c.passed and c.first_mismatch["index"] == [0]


def test_compare_ints_exact_and_multidim_message():
    exp = torch.arange(12, dtype=torch.int32).reshape(3, 4)
    got = exp.clone()
    got[2, 1] += 1
    c = compare("out", got, exp, "i32", 0.5, 0.5)  # tolerances do not apply to integers
    assert not c.passed
    assert c.first_mismatch == {
        "output": "out",
        "index": [2, 1],
        "flat_index": 9,
        "expected": 9,
        "got": 10,
    }
    msg = describe("t", {"M": 3, "N": 4}, c, (3, 4))
    assert msg.startswith("Test 't' (M=3, N=4): out[2, 1] (flat index 9) = 10, expected 9")


def test_compare_u32_and_f16():
    exp = torch.tensor([0, 2**32 - 1], dtype=torch.uint32)
    assert compare("x", exp.clone(), exp, "u32", 0, 0).passed
    e16 = torch.tensor([1.0, 2.0], dtype=torch.float16)
    assert compare("y", e16.clone(), e16.double(), "f16", 1e-3, 1e-3).passed


def test_first_change_bitwise():
    a = torch.tensor([0.0, 1.0])
    b = torch.tensor([-0.0, 1.0])  # equal as numbers, different bits
    assert first_change(a, b) == 0
    assert first_change(a, a.clone()) is None


def test_gather_flat_every_dtype():
    index = sample_index([0, 6], 2, "cpu")
    for dtype in (torch.float32, torch.float16, torch.bfloat16, torch.uint32, torch.int8):
        t = torch.arange(8).to(dtype)
        assert gather_flat(t, index).to(torch.int64).tolist() == [0, 1, 6, 7]
    f8 = torch.arange(8, dtype=torch.float32).to(torch.float8_e4m3fn)
    assert gather_flat(f8, index).float().tolist() == [0.0, 1.0, 6.0, 7.0]


def test_channel_passes_descriptors_only_to_the_side_that_accepts_them(tmp_path):
    a, b = socket.socketpair()
    sup, child = wire.Channel(a), wire.Channel(b, accept_fds=True)
    fd = os.open(tmp_path / "x", os.O_CREAT | os.O_RDWR)
    sup.send({"op": "attach"}, (fd,))
    os.close(fd)
    assert child.recv(5) == {"op": "attach"}
    got = child.take_fd()
    assert os.fstat(got).st_ino == os.stat(tmp_path / "x").st_ino
    os.close(got)
    with pytest.raises(wire.ProtocolError):
        child.take_fd()
    fd = os.open(tmp_path / "x", os.O_RDONLY)
    child.send({"ok": True}, (fd,))  # the supervisor never takes descriptors
    os.close(fd)
    assert sup.recv(5) == {"ok": True} and sup.fds == []
    sup.close()
    child.close()


def test_arena_is_shared_memory_between_two_mappings():
    slots, size = arena.plan([("A", "f32", (3,)), ("n", "i32", ()), ("C", "u8", (5,))])
    assert [s.offset for s in slots] == [0, 256, 512] and size == 768
    mine, fd = arena.create("cpu", size)
    theirs = arena.attach("cpu", os.dup(fd), mine.size)
    os.close(fd)
    mine.tensor(slots[0]).copy_(torch.tensor([1.0, 2.0, 3.0]))
    assert theirs.tensor(slots[0]).tolist() == [1.0, 2.0, 3.0]
    theirs.tensor(slots[2]).fill_(7)
    assert mine.tensor(slots[2]).tolist() == [7] * 5
    with pytest.raises(ValueError):
        arena.check_slots([arena.Slot("x", "f32", (1000,), 0)], size)
    mine.close()
    theirs.close()


def test_case_buffers_zero_fill_outputs_and_snapshot_samples():
    problem = ProblemSpec.from_dir(CATALOG / "vector-add")
    bufs = CaseBuffers(problem, {"N": 3_000_000}, "cpu")
    try:
        a = torch.rand(3_000_000)
        bufs.views["C"].fill_(5.0)
        bufs.write({"A": a, "B": a})
        assert float(bufs.views["C"].abs().max()) == 0.0 and torch.equal(bufs.views["A"], a)
        plan = bufs.sample_plan(random.Random(1))
        assert set(plan) == {"A", "B", "C"} and plan["A"].numel() == 1024 * 1024
        post = bufs.snapshot(plan)
        assert list(post) == ["C", "A", "B"]  # outputs first
        assert torch.equal(post["A"], a[plan["A"]])
    finally:
        bufs.close()


def test_clock_bound_accepts_consistent_events_and_replaces_forged_ones():
    windows = [5.0 + 0.01 * (i % 3) for i in range(30)]
    empty = [1.0] * 9
    honest = clock.check(3.98, windows, empty, [0.5] * 9, [0.5] * 9, "cuda")
    assert honest.consistent and honest.time_ms == 3.98
    assert honest.bound_ms == pytest.approx(4.01)
    forged = clock.check(0.5, windows, empty, [0.5] * 9, [0.5] * 9, "cuda")
    assert not forged.consistent and forged.time_ms == pytest.approx(4.01)
    # the supervisor's own cycle got slower during the timed calls: that may be the child's
    # doing (GPU work queued only while it is idle slows the null cycles, not its windows), so
    # it is reported and never taken out of the bound
    slower = clock.check(0.5, windows, empty, [0.5] * 9, [0.8] * 9, "cuda")
    assert slower.drift_ms == pytest.approx(0.3) and slower.bound_ms == pytest.approx(4.01)
    assert not slower.consistent and slower.time_ms == pytest.approx(4.01)
    # a cycle that got faster raises the bound by as much
    faster = clock.check(3.98, windows, empty, [0.5] * 9, [0.3] * 9, "cuda")
    assert faster.drift_ms == pytest.approx(-0.2) and faster.bound_ms == pytest.approx(4.21)


def test_read_capped_refuses_links(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"x" * 10)
    os.symlink(tmp_path / "a.txt", tmp_path / "link.txt")
    assert wire.read_capped(tmp_path / "link.txt", 100) == (b"", 0)
    assert wire.read_capped(tmp_path / "a.txt", 4) == (b"xxxx", 10)


def test_stopping_rule_and_geomean():
    steady = [1.0 + 0.001 * (i % 3) for i in range(20)]
    assert stats.should_stop(steady, 0.1, 10, 10, 1000, 0.005) == (True, "converged")
    noisy = [1.0, 2.0] * 10
    assert stats.should_stop(noisy, 0.1, 10, 10, 1000, 0.005)[0] is False
    assert stats.should_stop(noisy, 11, 10, 10, 1000, 0.005) == (True, "budget")
    assert stats.should_stop([1.0] * 5, 11, 10, 10, 1000, 0.005)[0] is False  # < min_runs
    assert stats.should_stop([1.0] * 5, 31, 10, 10, 1000, 0.005)[0] is True  # hard stop
    assert stats.geomean([1.0, 4.0]) == pytest.approx(2.0)
    s = stats.summarize([3.0, 1.0, 2.0])
    assert s["median_ms"] == 2.0 and s["min_ms"] == 1.0 and s["runs"] == 3


def test_median_interval_uses_order_statistics():
    assert stats.median_ci([1.0] * 5) is None  # too few calls for a 95 % interval
    xs = list(range(1, 101))  # n = 100: ranks floor(40.2) = 40 and ceil(59.8) + 1 = 61
    assert stats.median_ci([float(x) for x in reversed(xs)]) == (40.0, 61.0)
    assert stats.rel_ci_halfwidth([float(x) for x in xs]) == pytest.approx(10.5 / 50.5)
    # a slow tail (a loaded host) leaves the interval where the middle calls are
    tail = [1.0 + 0.001 * (i % 7) for i in range(90)] + [50.0] * 10
    assert stats.rel_ci_halfwidth(tail) < 0.005
    assert stats.rel_se_of_median(tail) > 0.1  # the standard-error rule would keep going


def test_cpu_stopping_rule_on_the_median_interval():
    rng = random.Random(7)
    # a CPU-like distribution: a tight core and a heavy tail
    calls = [0.5 + rng.random() * 0.01 + (rng.random() < 0.2) * rng.random() * 3 for _ in range(80)]
    assert stats.should_stop(calls, 0.1, 10, 10, 1000, 0.005)[0] is False  # SE rule alone
    assert stats.should_stop(calls, 0.1, 10, 10, 1000, 0.005, 0.02) == (True, "converged")
    assert stats.should_stop(calls[:9], 0.1, 10, 10, 1000, 0.005, 0.02)[0] is False  # min_runs
    spread = [float(x) for x in range(1, 81)]
    assert stats.should_stop(spread, 0.1, 10, 10, 1000, 0.005, 0.02)[0] is False
    assert stats.over_budget(20, 2.1, 2.0, 10) and not stats.over_budget(9, 2.1, 2.0, 10)
    assert stats.over_budget(3, 6.1, 2.0, 10)  # the hard stop at three budgets
    # the CPU's wall budget: 2 s over the cases, at least 0.5 s each, never above the charge
    assert stats.cpu_case_wall(10.0, 1) == 2.0 and stats.cpu_case_wall(10.0, 8) == 0.5
    assert stats.cpu_case_wall(0.3, 1) == 0.3
    summary = stats.summarize(calls)
    assert summary["rel_ci"] < 0.02 and stats.summarize([1.0])["rel_ci"] is None


def test_device_table_and_floor():
    h200 = devices.lookup("NVIDIA H200", "cuda")
    assert h200.known and h200.peak_bw == 4.3e12
    assert devices.lookup("Some Future GPU", "cuda").known is False
    fp32 = devices.floor_rate(h200, {"f32"})
    assert fp32 == pytest.approx(495e12 / 3)  # 3xTF32 split emulation beats the fp32 rate
    assert devices.floor_rate(h200, {"f32"}, "tf32") == 495e12
    assert devices.floor_rate(h200, {"f16", "f32"}) == 990e12
    assert devices.floor_rate(h200, {"f8e4m3"}) == 1979e12
    assert devices.floor_s(h200, 300e6, 25e6, fp32) == pytest.approx(300e6 / 4.8e12)
    # matrix-multiplication's benchmark: 2*8192*6144*4096 flops need at least 2.5 ms in fp32
    assert devices.floor_s(h200, 0, 2 * 8192 * 6144 * 4096, fp32) > 2.4e-3
    cpu = devices.lookup("", "cpu")
    assert devices.floor_s(cpu, 300e6, 25e6, devices.floor_rate(cpu, {"f32"})) > 0


def test_runner_and_its_tests_import_without_django():
    """The GPU box has no Django or Celery: `runner` and every module of tests/runner must
    import there (`pytest -m gpu tests/runner` runs as is). A language's own package (CuTe
    DSL's `cutlass`) is optional on a worker: only its harness module may lack it."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    code = (
        "import glob, importlib, pkgutil, sys\n"
        "for name in ('django', 'celery', 'rest_framework', 'pytest_django'):\n"
        "    sys.modules[name] = None\n"
        "import runner\n"
        "optional = {'cutlass'}\n"
        "for m in pkgutil.walk_packages(runner.__path__, 'runner.'):\n"
        "    try:\n"
        "        importlib.import_module(m.name)\n"
        "    except ModuleNotFoundError as e:\n"
        "        if e.name.split('.')[0] not in optional or not m.name.startswith('runner.child.'):\n"
        "            raise\n"
        "for path in sorted(glob.glob('tests/runner/**/*.py', recursive=True)):\n"
        "    if 'gpu_sources' not in path:  # solutions, not test modules\n"
        "        importlib.import_module(path[:-3].replace('/', '.'))\n"
        "print('ok')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-3000:]
