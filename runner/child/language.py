"""A language's untrusted side: what the sandboxed child asks of a language, and where it finds
it (runner/supervisor/language.py is the trusted side's counterpart).

Each language's plug-in package has a ``child`` module whose ``LANGUAGE`` is a subclass of
:class:`ChildLanguage`; the child makes one instance for its job, bound to itself (the torch
child of runner/child/torch_child.py, or for a native language the torch-free one of
runner/child/native_child.py). The supervisor names the package in its ``language`` and
``init`` commands. A child module never imports the supervisor's modules.

The defaults here are a Python language whose ``solve`` gets torch tensors and writes its
outputs in place (PyTorch's and Triton's plug-ins are this class alone). Torch-free: a native
language's plug-in runs in the torch-free child too.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable
from typing import Any

from runner.child import loop, solution
from runner.common import arena


class ChildLanguage:
    # a library the supervisor built, whose C ``solve`` gets pointers and scalars
    native = False
    # whether ``solve`` may take a problem's module form (runner/child/module_form.py)
    module_form = False
    # whether ``solve`` returns its outputs instead of writing them (JAX)
    returns_outputs = False

    def __init__(self, child: Any):
        # the child this job runs in: its ``device``, ``params``, ``arena``, ``solve``, ``stream``
        self.child = child

    # -- start-up --------------------------------------------------------------------------------
    def start(self) -> dict | None:
        """The ``language`` command: the runtime before any user code and before the
        supervisor's calibration, so that its empty calls run as the timed calls will; an error
        reply, or None."""
        return None

    def boot(self) -> dict | None:
        """In ``init``, before the solution loads (a runtime whose import is not the solution's
        doing, functions captured unpatched); an error reply, or None."""
        return None

    # -- loading ---------------------------------------------------------------------------------
    def load(self, path: str, msg: dict) -> Callable | None:
        """The solution's ``solve`` (None: it defines none); user code runs here, and what it
        raises is the caller's to report."""
        spec = importlib.util.spec_from_file_location("solution", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules["solution"] = module
        spec.loader.exec_module(module)
        fn = getattr(module, "solve", None)
        return fn if callable(fn) else None

    # -- arguments -------------------------------------------------------------------------------
    def params_of(self, solve: Callable, msg: dict) -> list[dict]:
        """The parameters the loaded ``solve`` takes: the problem's (``init``'s ``params``), or
        the module form's where the problem offers one and ``solve`` is written for it."""
        if not self.module_form:
            return self.child.params
        from runner.child import module_form  # noqa: PLC0415

        declared = msg.get("linear_module")
        return module_form.solve_params(solve, self.child.params, declared, self.returns_outputs)

    def args(self, slots: dict[str, arena.Slot], scalars: dict) -> list:
        """``solve``'s arguments on the current arena: its tensors (flat where the problem says
        so), its scalars, and in a module form the module over its tensors."""
        child = self.child
        args = []
        for p in child.params:
            if p["role"] == "scalar":
                args.append(solution.scalar_value(p["dtype"], scalars[p["name"]]))
                continue
            if p["role"] == "module":
                from runner.child import module_form  # noqa: PLC0415

                weight, bias = (child.arena.tensor(slots[p[k]]) for k in ("weight", "bias"))
                args.append(module_form.linear(weight, bias))
                continue
            t = child.arena.tensor(slots[p["name"]])
            if p["py_layout"] == "flat":
                t = t.view(-1)
            args.append(self.tensor_arg(t))
        return args

    def tensor_arg(self, tensor: Any) -> Any:
        """What ``solve`` gets for one of its tensors (the torch tensor itself)."""
        return tensor

    def forget(self) -> None:
        """Drop what was built for the previous arena (a new one is attached)."""

    def attach_error(self, exc: BaseException) -> dict | None:
        """An error reply of the language's own for a failure while attaching (CuTe DSL:
        tracing, compiling), or None for the generic one."""
        return None

    # -- calls -----------------------------------------------------------------------------------
    def invoke(self, solve: Callable, args: list) -> Any:
        """One call of ``solve`` (or, before ``init``, of the empty solve) inside the timed
        window; a result that :meth:`after` handles once the clock has stopped, or None."""
        solve(*args)
        return None

    def after(self, done: Any) -> None:
        """After the timed window: what :meth:`invoke` returned (not None)."""

    def release(self) -> None:
        """After a call's clock has stopped: let go of what the call kept alive."""

    def profiled(self, solve: Callable, args: list) -> None:
        """One call inside the profiler's range (mode profile)."""
        solve(*args)

    # -- errors ----------------------------------------------------------------------------------
    def compile_error(self, exc: BaseException, where: str) -> dict | None:
        """A compile_error reply when ``exc`` came out of a compiler inside the child (TileLang,
        cuTile), before it is taken for a CUDA error; None otherwise."""
        return None

    def error_reply(self, exc: BaseException, where: str, kind: str) -> dict:
        """The reply for ``exc`` (``kind``: memory, cuda or exception)."""
        return loop.error_reply(exc, where, kind)


class CompilingLanguage(ChildLanguage):
    """A Python library that compiles the solution's kernels inside this process (TileLang,
    cuTile): its package is imported before the solution's module, its torch tensors are
    Triton's, and an exception out of its compiler is a compile error (``errors``: a module
    with ``boot``, ``raised_compiling`` and ``error_reply``)."""

    title = ""
    errors: Any = None

    def boot(self) -> dict | None:
        """Its import (seconds) is not the solution's doing."""
        try:
            self.errors.boot(self.child.device)
        except BaseException as exc:  # noqa: BLE001
            return loop.error_reply(exc, f"while starting {self.title}", "exception")
        return None

    def compile_error(self, exc: BaseException, where: str) -> dict | None:
        if self.errors.raised_compiling(exc):  # a compiler's text is no CUDA error
            return self.errors.error_reply(exc, where, "compile_error")
        return None

    def error_reply(self, exc: BaseException, where: str, kind: str) -> dict:
        return self.errors.error_reply(exc, where, kind)


class NativeLanguage(ChildLanguage):
    """A library the supervisor built (CUDA C++, Mojo): its C ``solve`` by the entry symbol the
    supervisor found, called with pointers into the arena and scalars by value."""

    native = True

    def before_load(self) -> None:
        """What must be loaded before the library (both children)."""

    def load(self, path: str, msg: dict) -> Callable | None:
        self.before_load()
        solve, self.child.kj_last_error = solution.load_cuda_solution(
            path, self.child.params, msg.get("entry_symbol") or "solve"
        )
        return solve

    def args(self, slots: dict[str, arena.Slot], scalars: dict) -> list:
        child = self.child
        return solution.native_args(child.params, slots, child.arena, scalars)


def plugin(name: str, package: str = "") -> type[ChildLanguage]:
    """The child side of a language, from the package the supervisor named (by default its
    folder under runner/languages/)."""
    module = importlib.import_module(f"{package or 'runner.languages.' + name}.child")
    return module.LANGUAGE
