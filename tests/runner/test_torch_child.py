"""The torch child's start on a GPU: its CUDA context exists before the first command, since
the calibration's ``attach`` (before ``init``) maps the arena through it."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from runner.child import torch_child


class FakeChild:
    def __init__(self, device: str):
        self.device = device
        self.contexts = 0

    def context(self) -> None:
        self.contexts += 1


def test_a_gpu_child_makes_its_context_before_any_command():
    child = FakeChild("cuda")
    torch_child.start_cuda(child, on_request=False)
    assert child.contexts == 1


def test_a_spare_gpu_child_only_initialises_the_driver(monkeypatch: pytest.MonkeyPatch):
    inits = []
    monkeypatch.setattr(torch_child.torch, "cuda", SimpleNamespace(init=lambda: inits.append(1)))
    child = FakeChild("cuda")
    torch_child.start_cuda(child, on_request=True)
    assert (child.contexts, inits) == (0, [1])


def test_a_cpu_child_makes_no_context():
    child = FakeChild("cpu")
    torch_child.start_cuda(child, on_request=False)
    assert child.contexts == 0


def test_a_failed_early_context_is_left_to_the_command_that_needs_it():
    class Failing(FakeChild):
        def context(self) -> None:
            raise RuntimeError("no CUDA device")

    torch_child.start_cuda(Failing("cuda"), on_request=False)  # does not raise


def test_attach_on_a_gpu_makes_the_context_first(monkeypatch: pytest.MonkeyPatch):
    calls = []
    child = torch_child.Child.__new__(torch_child.Child)
    child.device = "cuda"
    monkeypatch.setattr(child, "_detach", lambda: calls.append("detach"), raising=False)
    monkeypatch.setattr(child, "context", lambda: calls.append("context"), raising=False)

    def map_arena(chan, msg, device, driver):
        calls.append("map")
        raise RuntimeError("stop here")

    monkeypatch.setattr(torch_child.solution, "map_arena", map_arena)
    child.chan = None
    child.driver = None
    child.lang = SimpleNamespace(attach_error=lambda exc: None)
    child.error_reply = lambda exc, where: {"ok": False, "where": where}
    child.cmd_attach({"scalars": {}})
    assert calls == ["detach", "context", "map"]
