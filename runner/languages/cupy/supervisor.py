"""CuPy, the trusted side: its kernel cache is written inside the child."""

from __future__ import annotations

from runner.supervisor.language import SupervisorLanguage


class CuPy(SupervisorLanguage):
    name = "cupy"
    distributions = ("cupy", "cupy-cuda13x", "cupy-cuda12x")
    compiles_in_child = True


LANGUAGE = CuPy()
