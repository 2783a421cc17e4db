"""PyTorch, the trusted side: the defaults (runner/supervisor/language.py); torch.compile's
Inductor compiles Triton and C++ kernels inside the child."""

from __future__ import annotations

from runner.supervisor.language import SupervisorLanguage


class PyTorch(SupervisorLanguage):
    name = "pytorch"
    distributions = ("torch",)
    compiles_in_child = True


LANGUAGE = PyTorch()
