"""judge_worker's side of the warm runner service: which command and environment each
device's service and Celery worker get (the service itself: tests/runner/test_service.py)."""

from __future__ import annotations

from judge.management.commands.judge_worker import (
    ManagedWorker,
    celery_env,
    service_argv,
    service_env,
)
from judge.worker.devices import Device


def _worker(index: int | None, socket_path: str = "/tmp/kj-runner-x/cpu.sock") -> ManagedWorker:
    kind = "cpu" if index is None else "gpu-h200"
    device = Device(kind=kind, model="m", index=index)
    return ManagedWorker("host:cpu", device, kind, socket_path=socket_path)


def test_service_command_and_env(monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "s3cret")
    monkeypatch.setenv("DATABASE_URL", "postgres://x")
    cpu = _worker(None)
    assert service_argv(cpu)[-4:] == ["--socket", cpu.socket_path, "--device", "cpu"]
    env = service_env(cpu)
    assert "SECRET_KEY" not in env and "DATABASE_URL" not in env
    assert env["CUDA_VISIBLE_DEVICES"] == ""
    gpu = _worker(3, "/tmp/kj-runner-x/gpu3.sock")
    assert service_argv(gpu)[-1] == "cuda"
    assert service_env(gpu)["CUDA_VISIBLE_DEVICES"] == "3"
    cenv = celery_env(gpu)
    assert cenv["KJ_RUNNER_SERVICE"] == "1"
    assert cenv["KJ_RUNNER_SOCKET"] == "/tmp/kj-runner-x/gpu3.sock"


def test_no_service_leaves_celery_env_alone(monkeypatch):
    monkeypatch.delenv("KJ_RUNNER_SOCKET", raising=False)
    env = celery_env(_worker(None, socket_path=""))
    assert "KJ_RUNNER_SOCKET" not in env
