"""CuTe DSL in the sandboxed child (runner/child/cute_solution.py).

A solution is compiled with ``cute.compile`` when a case's buffers are attached (once per dtype
signature), and the timed call runs the compiled function, whose kernels write the output
buffers in place on torch's current stream.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from runner.child.language import ChildLanguage
from runner.common import arena


class CuteDsl(ChildLanguage):
    def __init__(self, child: Any):
        super().__init__(child)
        self.module = None  # runner.child.cute_solution, once booted
        self.call = None  # the compiled function and its arguments for the current arena
        self.compiled: dict = {}  # compiled functions by argument signature (this job)

    def boot(self) -> dict | None:
        """Before user code: CuTe DSL's functions are captured unpatched."""
        try:
            from runner.child import cute_solution  # noqa: PLC0415

            cute_solution.boot(self.child.device)
        except BaseException as exc:  # noqa: BLE001
            return self.child.error_reply(exc, "while starting CuTe DSL")
        self.module = cute_solution
        return None

    def args(self, slots: dict[str, arena.Slot], scalars: dict) -> list:
        child = self.child
        if self.module is None or child.solve is None:
            return super().args(slots, scalars)
        tensors = {name: child.arena.tensor(slot) for name, slot in slots.items()}
        self.call = self.module.Call(child.solve, child.params, tensors, scalars, self.compiled)
        return self.call.args

    def forget(self) -> None:
        self.call = None

    def attach_error(self, exc: BaseException) -> dict | None:
        """Tracing and compiling happen at attach: their errors are the DSL's."""
        if self.module is not None and self.child.solve is not None:
            return self.module.attach_error_reply(exc, self.child.solve)
        return None

    def invoke(self, solve: Callable, args: list) -> Any:
        if self.call is not None and self.child.solve is not None:
            self.call()
            return None
        solve(*args)
        return None

    def profiled(self, solve: Callable, args: list) -> None:
        self.invoke(solve, args)

    def error_reply(self, exc: BaseException, where: str, kind: str) -> dict:
        if self.module is not None:
            from runner.child import cute_errors  # noqa: PLC0415

            return cute_errors.run_error_reply(exc, where, kind)
        return super().error_reply(exc, where, kind)


LANGUAGE = CuteDsl
