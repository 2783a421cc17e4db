"""The per-GPU benchmark lock: exclusive across processes, bounded wait, freed on death."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from runner.supervisor import gpulock

HOLDER = (
    "import sys, time\n"
    "from runner.supervisor import gpulock\n"
    "with gpulock.exclusive_gpu(sys.argv[1], 5) as held:\n"
    "    print('held' if held else 'not held', flush=True)\n"
    "    time.sleep(float(sys.argv[2]))\n"
)


@pytest.fixture(autouse=True)
def private_lock_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("KERNELJUDGE_LOCK_DIR", str(tmp_path))


def _holder(key: str, seconds: float) -> subprocess.Popen:
    p = subprocess.Popen(
        [sys.executable, "-c", HOLDER, key, str(seconds)], stdout=subprocess.PIPE, text=True
    )
    assert p.stdout.readline().strip() == "held"
    return p


def test_second_holder_waits_for_the_first():
    p = _holder("GPU-aaaa", 0.6)
    t0 = time.monotonic()
    with gpulock.exclusive_gpu("GPU-aaaa", 10) as held:
        waited = time.monotonic() - t0
    p.wait(10)
    assert held and 0.3 < waited < 5


def test_other_gpu_is_not_blocked_and_wait_is_bounded():
    p = _holder("GPU-bbbb", 30)
    try:
        with gpulock.exclusive_gpu("GPU-cccc", 0.5) as held:
            assert held
        t0 = time.monotonic()
        with gpulock.exclusive_gpu("GPU-bbbb", 0.3) as held:
            assert not held
        assert time.monotonic() - t0 < 2
    finally:
        p.kill()
        p.wait(10)


def test_lock_freed_when_the_holder_is_killed():
    p = _holder("GPU-dddd", 60)
    p.kill()
    p.wait(10)
    with gpulock.exclusive_gpu("GPU-dddd", 2) as held:
        assert held


def test_lock_folder_is_private(tmp_path):
    with gpulock.exclusive_gpu("GPU-eeee/../x", 1) as held:
        assert held
    d = gpulock.lock_dir()
    assert d.stat().st_mode & 0o777 == 0o700
    assert [f.name for f in d.iterdir()] == ["GPU-eeee_.._x"]
