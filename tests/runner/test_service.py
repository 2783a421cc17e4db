"""The warm runner service (``python -m runner serve``) and the pre-started child.

A real service process on a real unix socket judges real PyTorch submissions on the CPU with
the real sandbox; the worker's client (runner.service.client, no torch) talks to it.
Latencies are printed (``-s``), never asserted: timings belong in bench/.
"""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from runner.contract import JobSpec
from runner.service.client import ServiceUnavailable, run_job, run_service_job
from runner.service.server import ping as service_ping

from .helpers import FAST, ROOT, VECTOR_ADD, cuda_available, job

SOL = VECTOR_ADD / "solutions"
CORRECT = (SOL / "correct_pytorch.py").read_text()
WRONG = (SOL / "wrong_no_tail_pytorch.py").read_text()
BOOT_S = 240.0

pytestmark = [pytest.mark.timeout(900), pytest.mark.xdist_group("runner-service")]


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip()


class Service:
    def __init__(self, device: str = "cpu"):
        self.dir = Path(tempfile.mkdtemp(prefix="kj-svc-"))  # 0700 by construction
        self.socket = str(self.dir / "runner.sock")
        self.log = self.dir / "serve.log"
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "runner", "serve", "--socket", self.socket,
                 "--device", device],
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )  # fmt: skip

    def ping(self) -> dict | None:
        return service_ping(self.socket)

    def wait_spare(self, timeout: float = BOOT_S) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log.read_text(errors="replace")
            pong = self.ping()
            if pong and pong["spare_ready"]:
                return pong
            time.sleep(0.2)
        raise AssertionError("no spare child: " + self.log.read_text(errors="replace"))

    def judge(self, j: JobSpec, events: list | None = None) -> dict:
        out = run_service_job(
            j.to_json(),
            self.socket,
            timeout_s=300,
            on_event=events.append if events is not None else None,
        )
        assert out.result is not None, out.error
        return out.result

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


@pytest.fixture(scope="module")
def service():
    svc = Service("cpu")
    try:
        svc.wait_spare()
        yield svc
    finally:
        svc.stop()


def test_socket_is_private(service):
    mode = os.stat(service.dir).st_mode & 0o777
    assert mode == 0o700
    assert os.stat(service.socket).st_mode & 0o077 == 0


def test_correct_and_wrong_with_events(service):
    service.wait_spare()
    events: list = []
    t0 = time.monotonic()
    r = service.judge(job(CORRECT, mode="run"), events)
    warm = time.monotonic() - t0
    assert r["verdict"] == "accepted", (r["message"], r.get("details"))
    assert "prestarted_child" in r["flags"]
    phases = [e["phase"] for e in events]
    assert "testing" in phases and phases[-1] == "done"
    print(f"\nservice, run mode, spare ready: {warm:.3f} s (phases {r['phases']})")

    service.wait_spare()
    r = service.judge(job(WRONG, mode="submit"))
    assert r["verdict"] == "wrong_answer", r["message"]

    service.wait_spare()
    events = []
    t0 = time.monotonic()
    r = service.judge(job(CORRECT, mode="submit"), events)
    print(f"service, submit mode, spare ready: {time.monotonic() - t0:.3f} s")
    assert r["verdict"] == "accepted", (r["message"], r.get("details"))
    assert r["benchmark"]["cases"]
    assert any(e["phase"] == "benchmarking" for e in events)


def test_child_crash_then_next_job_is_fine(service):
    crash = src("""
        import os, signal
        def solve(A, B, C, N):
            os.kill(os.getpid(), signal.SIGSEGV)
    """)
    service.wait_spare()
    r = service.judge(job(crash, mode="run"))
    assert r["verdict"] == "runtime_error", r["message"]
    assert "SIGSEGV" in r["message"]
    r = service.judge(job(CORRECT, mode="run"))
    assert r["verdict"] == "accepted", r["message"]


def test_no_state_carried_between_jobs(service):
    """Job 1 leaves a file in its working dir, a global, an env var and a thread; job 2
    (a different child, a different directory) must see none of them."""
    leaver = src("""
        import builtins, os, sys, threading, time
        open("left_behind.txt", "w").write("job 1 was here")
        builtins.KJ_LEFT = 1
        os.environ["KJ_LEFT"] = "1"
        threading.Thread(target=lambda: time.sleep(3600), name="kj-left", daemon=True).start()
        print("JOB1_CWD=" + os.getcwd())
        def solve(A, B, C, N):
            C.copy_(A + B)
    """)
    checker = src("""
        import builtins, os, sys, threading
        seen = []
        if os.path.exists("left_behind.txt"):
            seen.append("file")
        if hasattr(builtins, "KJ_LEFT"):
            seen.append("global")
        if "KJ_LEFT" in os.environ:
            seen.append("env")
        if any(t.name == "kj-left" for t in threading.enumerate()):
            seen.append("thread")
        if "solution" in sys.modules and hasattr(sys.modules["solution"], "builtins"):
            pass
        print("JOB2_CWD=" + os.getcwd())
        def solve(A, B, C, N):
            if seen:
                raise RuntimeError("state from job 1: " + ",".join(seen))
            C.copy_(A + B)
    """)
    service.wait_spare()
    r1 = service.judge(job(leaver, mode="run"))
    assert r1["verdict"] == "accepted", r1["message"]
    cwd1 = r1["stdout"].split("JOB1_CWD=")[1].split()[0]
    assert not Path(cwd1).exists()  # job 1's directory is gone
    service.wait_spare()
    r2 = service.judge(job(checker, mode="run"))
    assert r2["verdict"] == "accepted", (r2["message"], r2.get("details"))
    cwd2 = r2["stdout"].split("JOB2_CWD=")[1].split()[0]
    assert cwd1 != cwd2
    assert "prestarted_child" in r1["flags"] and "prestarted_child" in r2["flags"]


def test_job_without_spare_and_limits_that_do_not_fit(service):
    """A job whose limits the spare cannot honour gets a child of its own."""
    big = dataclasses.replace(FAST, host_memory_bytes=6 * 1024**3)
    service.wait_spare()
    r = service.judge(job(CORRECT, mode="run", limits=big))
    assert r["verdict"] == "accepted", r["message"]
    assert "prestarted_child" not in r["flags"]


def test_bad_requests_are_refused(service):
    with pytest.raises(ServiceUnavailable, match="invalid job"):
        run_service_job('{"problem": 1}', service.socket, timeout_s=30)
    assert service.ping() is not None


def test_killed_service_falls_back_to_runner_job():
    svc = Service("cpu")
    try:
        svc.wait_spare()
        os.killpg(svc.proc.pid, signal.SIGKILL)
        svc.proc.wait()
        with pytest.raises(ServiceUnavailable):
            run_service_job(job(CORRECT, mode="run").to_json(), svc.socket, timeout_s=30)
        events: list = []
        t0 = time.monotonic()
        out = run_job(
            job(CORRECT, mode="run").to_json(),
            python=sys.executable,
            cwd=str(ROOT),
            timeout_s=300,
            socket_path=svc.socket,
            on_event=events.append,
        )
        print(f"\nfallback (python -m runner job): {time.monotonic() - t0:.3f} s")
        assert out.result is not None, out.error
        assert out.result["verdict"] == "accepted"
        assert "prestarted_child" not in out.result["flags"]
        assert events and events[-1]["phase"] == "done"
    finally:
        svc.stop()


def test_service_dies_mid_job_falls_back():
    svc = Service("cpu")
    try:
        svc.wait_spare()
        slow = src("""
            import time
            time.sleep(1000)
            def solve(A, B, C, N):
                C.copy_(A + B)
        """)
        # the service dies while the solution loads; the client re-runs the job itself
        import threading

        threading.Timer(3.0, lambda: os.killpg(svc.proc.pid, signal.SIGKILL)).start()
        with pytest.raises(ServiceUnavailable):
            run_service_job(job(slow, mode="run").to_json(), svc.socket, timeout_s=120)
    finally:
        svc.stop()


@pytest.mark.skipif(cuda_available(), reason="needs a machine where CUDA cannot start")
def test_gpu_spare_creates_its_context_only_under_the_guard():
    """A service spare boots in two steps: torch import, then the CUDA context inside the
    guard (the GPU lock). Here no GPU exists, so the second step fails and says so."""
    import contextlib

    from runner.supervisor.childproc import Spare

    entered = []

    @contextlib.contextmanager
    def guard():
        entered.append(time.monotonic())
        yield

    spare = Spare("cuda", context_guard=guard)
    try:
        assert spare.ready() is False
        assert len(entered) == 1  # after the ping: the torch import ran outside the guard
        assert spare.ready_s is None
        assert "could not create its CUDA context" in spare.error
    finally:
        spare.discard()


def test_refuses_a_socket_dir_others_can_enter(tmp_path):
    from runner.service.server import secure_socket_dir

    d = tmp_path / "open"
    d.mkdir(mode=0o755)
    os.chmod(d, 0o755)
    with pytest.raises(SystemExit, match="0700"):
        secure_socket_dir(d)
    ok = tmp_path / "new"
    secure_socket_dir(ok)
    assert os.stat(ok).st_mode & 0o777 == 0o700


def test_cli_prestarts_the_child(tmp_path):
    """python -m runner judge starts the child before importing torch; the judgement used it."""
    p = subprocess.run(
        [sys.executable, "-m", "runner", "judge", str(VECTOR_ADD), str(SOL / "correct_pytorch.py"),
         "--device", "cpu", "--mode", "run", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert r["verdict"] == "accepted"
    assert "prestarted_child" in r["flags"]
    off = subprocess.run(
        [sys.executable, "-m", "runner", "judge", str(VECTOR_ADD), str(SOL / "correct_pytorch.py"),
         "--device", "cpu", "--mode", "run", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={**os.environ, "KERNELJUDGE_PRESTART": "0"},
    )  # fmt: skip
    assert json.loads(off.stdout)["verdict"] == "accepted"
    assert "prestarted_child" not in json.loads(off.stdout)["flags"]


@pytest.mark.gpu
@pytest.mark.skipif(not cuda_available(), reason="no CUDA device")
def test_gpu_service_cuda_vector_add():
    """On a GPU: the service pre-creates the child's CUDA context; a CUDA job adopts it,
    the next spare boots beside it, and consecutive jobs are isolated."""
    import torch

    props = torch.cuda.get_device_properties(0)
    arch = f"sm_{props.major}{props.minor}"
    cu = (SOL / "correct_basic.cu").read_text()
    svc = Service("cuda")
    try:
        svc.wait_spare()
        times = []
        for i in range(3):
            svc.wait_spare()
            j = JobSpec.from_dict(
                {**job(cu + f"\n// {i}\n", language="cuda", device="cuda").to_dict(),
                 "arch": arch}
            )  # fmt: skip
            t0 = time.monotonic()
            r = svc.judge(j)
            times.append(time.monotonic() - t0)
            assert r["verdict"] == "accepted", (r["message"], r.get("details"))
            assert "prestarted_child" in r["flags"]
        wrong = (SOL / "wrong_no_tail.cu").read_text()
        svc.wait_spare()
        r = svc.judge(
            JobSpec.from_dict({**job(wrong, language="cuda", device="cuda").to_dict(),
                               "arch": arch})
        )  # fmt: skip
        assert r["verdict"] == "wrong_answer", r["message"]
        print(f"\nGPU service submit->verdict (fresh compile each): {times}")
    finally:
        svc.stop()


@pytest.mark.gpu
@pytest.mark.skipif(not cuda_available(), reason="no CUDA device")
def test_gpu_cli_cold_prestarts_the_child(tmp_path):
    """python -m runner judge of the CUDA vector add from a cold process: the child (CUDA
    context) boots beside nvcc and the supervisor's torch import. Target: <= 3 s wall."""
    for device_args in (["--device", "cuda"], []):  # [] exercises the /dev/nvidia* guess
        t0 = time.monotonic()
        p = subprocess.run(
            [sys.executable, "-m", "runner", "judge", str(VECTOR_ADD),
             str(SOL / "correct_basic.cu"), "--mode", "run", "--json", *device_args],
            cwd=ROOT, capture_output=True, text=True, timeout=600,
            env={**os.environ, "KERNELJUDGE_CACHE": str(tmp_path / f"cache{len(device_args)}")},
        )  # fmt: skip
        wall = time.monotonic() - t0
        assert p.returncode == 0, p.stderr
        r = json.loads(p.stdout)
        assert r["verdict"] == "accepted", (r["message"], r.get("details"))
        assert r["device"]["kind"] == "cuda"
        assert "prestarted_child" in r["flags"]
        print(f"\nGPU CLI cold judge {device_args or 'guessed'}: {wall:.3f} s, {r['phases']}")


def test_spare_pool_keeps_its_depth_and_hands_out_booted_spares_first(monkeypatch):
    """Two spares on a GPU by default: a job sent right after another finds one booted."""
    from runner.service import spares
    from runner.supervisor import childproc

    class FakeSpare:
        made = 0

        def __init__(self, device, context_guard=None):
            FakeSpare.made += 1
            self.n = FakeSpare.made
            self.error = ""
            self.discarded = False

        def ready(self, wait=True):
            return True

        def booting(self):
            return False

        def age_s(self):
            return 0.0

        def discard(self, keep_dir=False):
            self.discarded = True

    monkeypatch.setattr(childproc, "Spare", FakeSpare)
    monkeypatch.delenv(spares.SPARES_ENV, raising=False)
    assert spares.spares_wanted("cuda") == 2 and spares.spares_wanted("cpu") == 1
    monkeypatch.setenv(spares.SPARES_ENV, "3")
    assert spares.spares_wanted("cpu") == 3
    slot = spares.SpareSlot("cpu", depth=2)
    try:
        slot.refill()
        deadline = time.monotonic() + 10
        while len(slot._spares) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert [s.n for s in slot._spares] == [1, 2]
        first = slot.take()
        assert first.n == 1 and slot.ready()
        slot.refill()
        while len(slot._spares) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert [s.n for s in slot._spares] == [2, 3]
    finally:
        slot.close()
    assert FakeSpare.made == 3
