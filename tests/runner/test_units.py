"""Unit tests of the pure parts of the runner: comparison, statistics, the wire format."""

from __future__ import annotations

import math
import os

import numpy as np
import pytest
import torch

from runner.common import wire
from runner.common.tensors import from_bytes, poison_, to_bytes
from runner.supervisor import devices, stats
from runner.supervisor.verify import compare, describe, first_change


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


def test_poison_and_bytes_round_trip():
    for dtype, tdt in (("f32", torch.float32), ("i8", torch.int8), ("u32", torch.uint32)):
        t = torch.zeros(5, dtype=tdt)
        poison_(t, dtype)
        back = from_bytes(to_bytes(t), dtype, (5,))
        assert torch.equal(back.view(torch.uint8), t.view(torch.uint8))
    assert math.isnan(float(torch.zeros(1).fill_(0).add_(float("nan"))))


def test_wire_refuses_links_and_wrong_sizes(tmp_path):
    raw = np.arange(16, dtype=np.uint8)
    wire.save_bytes(tmp_path / "a.npy", raw)
    assert np.array_equal(wire.load_bytes(tmp_path / "a.npy", 16), raw)
    with pytest.raises(wire.ProtocolError):
        wire.load_bytes(tmp_path / "a.npy", 8)
    os.symlink(tmp_path / "a.npy", tmp_path / "link.npy")
    with pytest.raises(wire.ProtocolError):
        wire.load_bytes(tmp_path / "link.npy", 16)
    with pytest.raises(FileExistsError):
        wire.save_bytes(tmp_path / "link.npy", raw)  # never writes through a planted link
    np.save(tmp_path / "obj.npy", np.array([{"x": 1}], dtype=object), allow_pickle=True)
    with pytest.raises(wire.ProtocolError):
        wire.load_bytes(tmp_path / "obj.npy", 16)
    assert wire.read_capped(tmp_path / "link.npy", 100) == (b"", 0)


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


def test_device_table_and_floor():
    h200 = devices.lookup("NVIDIA H200", "cuda")
    assert h200.known and h200.peak_bw == 4.3e12
    assert devices.lookup("Some Future GPU", "cuda").known is False
    floor = devices.floor_s(h200, 300e6, 25e6)
    assert floor == pytest.approx(300e6 / 4.8e12)


def test_runner_and_its_tests_import_without_django():
    """The GPU box has no Django or Celery: `runner` and every module of tests/runner must
    import there (`pytest -m gpu tests/runner` runs as is)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    code = (
        "import glob, importlib, pkgutil, sys\n"
        "for name in ('django', 'celery', 'rest_framework', 'pytest_django'):\n"
        "    sys.modules[name] = None\n"
        "import runner\n"
        "for m in pkgutil.walk_packages(runner.__path__, 'runner.'):\n"
        "    importlib.import_module(m.name)\n"
        "for path in sorted(glob.glob('tests/runner/**/*.py', recursive=True)):\n"
        "    if 'gpu_sources' not in path:  # solutions, not test modules\n"
        "        importlib.import_module(path[:-3].replace('/', '.'))\n"
        "print('ok')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-3000:]
