"""JAX in the sandboxed child (runner/child/jax_solution.py).

JAX solutions return their outputs instead of writing them: on a GPU their calls run on JAX's
own stream (runner/child/jax_stream.py), lead-in and events included; the returned arrays are
viewed from torch through DLPack before the end event, and copied into the output buffers after
it; a calibration call (before ``init``) that names ``copy_outputs`` makes the same copy, so
the supervisor's empty windows hold it too. Its runtime starts before the calibration (the
``language`` command), so that the empty calls are a jitted program of the harness's own on
that stream.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from runner.child.language import ChildLanguage
from runner.common import arena


class Jax(ChildLanguage):
    module_form = True  # LeetGPU's solve(input, model) where a problem offers it
    returns_outputs = True

    def __init__(self, child: Any):
        super().__init__(child)
        self.module = None  # runner.child.jax_solution, once started
        self.call = None  # its arguments and outputs for the current arena
        self.held = None  # an empty call's result, until its clock has stopped

    def start(self) -> dict | None:
        """JAX, its functions captured unpatched, and on a GPU its stream; an error reply or
        None."""
        if self.module is not None:
            return None
        child = self.child
        try:
            from runner.child import jax_solution  # noqa: PLC0415

            jax_solution.boot(child.device)
            if child.device == "cuda":
                child.context()
                from runner.child import jax_stream  # noqa: PLC0415

                child.stream = child.external_stream(jax_stream.timing_stream())
        except BaseException as exc:  # noqa: BLE001
            return child.error_reply(exc, "while starting JAX")
        self.module = jax_solution
        return None

    def boot(self) -> dict | None:
        return self.start()

    def args(self, slots: dict[str, arena.Slot], scalars: dict) -> list:
        child = self.child
        if self.module is None:
            return super().args(slots, scalars)
        tensors = {name: child.arena.tensor(slot) for name, slot in slots.items()}
        self.call = self.module.Call(child.params, tensors, scalars)
        return self.call.args

    def forget(self) -> None:
        self.call = None

    def invoke(self, solve: Callable, args: list) -> Any:
        """``solve``'s returned arrays, checked and computed; before ``init``, an empty call
        of JAX's own."""
        if self.call is not None and self.child.solve is not None:
            self.call.refresh()
            return self.call.results(solve(*args))
        if self.child.solve is None and self.module is not None:
            self.held = self.module.empty_call()
            return None
        solve(*args)
        return None

    def after(self, done: Any) -> None:
        """The results into the output buffers."""
        self.call.write(done)

    def release(self) -> None:
        """The last results are let go after the call's clock has stopped."""
        self.held = None
        if self.call is not None:
            self.call.release()

    def error_reply(self, exc: BaseException, where: str, kind: str) -> dict:
        if self.module is not None:
            return self.module.error_reply(exc, where, kind)
        return super().error_reply(exc, where, kind)


LANGUAGE = Jax
