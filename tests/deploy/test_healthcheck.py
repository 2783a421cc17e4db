"""docker/healthcheck.py's worker and Host-header logic against a fake /proc."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("healthcheck", ROOT / "docker" / "healthcheck.py")
healthcheck = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(healthcheck)


def fake_proc(root: Path, processes: dict[int, list[str]]) -> Path:
    for pid, argv in processes.items():
        (root / str(pid)).mkdir(parents=True)
        (root / str(pid) / "cmdline").write_bytes(b"\0".join(a.encode() for a in argv) + b"\0")
    (root / "self").mkdir()
    (root / "meminfo").write_text("")
    return root


def test_finds_celery_workers_started_by_judge_worker(tmp_path: Path) -> None:
    proc = fake_proc(
        tmp_path,
        {
            1: ["/usr/bin/tini", "--", "python", "manage.py", "judge_worker"],
            7: ["python", "manage.py", "judge_worker"],
            12: [
                "/opt/venv/bin/python",
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "-Q",
                "gpu-h200",
            ],
            30: ["[celeryd: gpu0@kj-gpu0:ForkPoolWorker-1]"],
        },
    )
    assert healthcheck.celery_worker_pids(proc) == [12, 30]
    assert healthcheck.check_worker(proc) == ""


def test_unhealthy_without_a_celery_worker(tmp_path: Path) -> None:
    proc = fake_proc(tmp_path, {1: ["python", "manage.py", "judge_worker"]})
    assert healthcheck.celery_worker_pids(proc) == []
    assert "no celery worker" in healthcheck.check_worker(proc)


def test_gpu_check_runs_nvidia_smi(tmp_path: Path, monkeypatch) -> None:
    proc = fake_proc(tmp_path, {5: ["celery", "-A", "config", "worker"]})
    monkeypatch.setenv("PATH", str(tmp_path / "nobin"))  # no nvidia-smi here
    assert "nvidia-smi" in healthcheck.check_worker(proc, want_gpu=True)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    smi = bin_dir / "nvidia-smi"
    smi.write_text("#!/bin/sh\necho 'GPU 0: NVIDIA H200 (UUID: GPU-x)'\n")
    smi.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    assert healthcheck.check_worker(proc, want_gpu=True) == ""


def test_host_header_is_one_the_site_accepts() -> None:
    assert healthcheck.host_header("judge.example.org,localhost") == "judge.example.org"
    assert healthcheck.host_header(".example.org") == "example.org"
    assert healthcheck.host_header("*") == "localhost"
    assert healthcheck.host_header(None) == "localhost"
