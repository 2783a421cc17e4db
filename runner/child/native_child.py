"""The untrusted side for a compiled solution, without torch: CUDA or Mojo on a GPU in mode
``run``, and CUDA C++ on the CPU device (the project's emulation, docs/languages/cuda.md) in
every mode.

Started as ``python -m runner.child.native_child --fd N --workdir DIR`` inside the same
sandbox as ``runner.child.torch_child`` and driven by the same commands (``ping``, ``init``,
``attach``, ``call``), on the same supervisor-owned buffers; only the CUDA driver is loaded
(runner.common.cudadrv), or on the CPU nothing but the solution's library, so the child is
ready in a fraction of a second where ``import torch`` alone takes 2-3 s. On a GPU it answers
untimed calls only: mode ``submit`` (the benchmark) uses the torch child, whose event timing is
the measured one (docs/judging.md). On the CPU a timed call is the host clock around ``solve``,
as in the torch child, bounded by the supervisor's CPU-time reading
(runner/supervisor/cputime.py); before ``init`` a call is an empty one (the calibration).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from runner.child import language, loop, solution
from runner.common import arena, cudadrv, wire
from runner.contract import languages

_perf_counter = time.perf_counter


class NativeChild:
    def __init__(self, chan: wire.Channel, workdir: Path, driver: cudadrv.Driver | None):
        self.chan = chan
        self.workdir = workdir
        self.driver = driver
        self.device = os.environ.get("KERNELJUDGE_DEVICE", "cuda")
        self.params: list[dict] = []
        self.solve = None
        self.last_error = None
        self.cuda_dead = False
        self.arena: arena.Arena | None = None
        self.retired: list[arena.Arena] = []
        self.args: list = []

    def _error_reply(self, exc: BaseException, where: str) -> dict:
        if isinstance(exc, cudadrv.CudaError) and exc.out_of_memory or isinstance(exc, MemoryError):
            kind = "memory"
        elif isinstance(exc, cudadrv.CudaError) or "CUDA error" in str(exc):
            kind = "cuda"
            self.cuda_dead = True
        else:
            kind = "exception"
        return loop.error_reply(exc, where, kind)

    # -- commands ------------------------------------------------------------------------------
    def cmd_ping(self, msg: dict) -> dict:
        return {"ok": True}

    def cmd_init(self, msg: dict) -> dict:
        loop.apply_init_limits(msg)
        device, name = msg.get("device"), msg.get("language") or ""
        try:  # the language's plug-in (runner/child/language.py): a library it loads
            lang = language.plugin(name, msg.get("package") or "")(self)
        except Exception:  # noqa: BLE001 - answered below as a language this child cannot run
            lang = None
        if device == "cpu" and lang is not None and languages.emulated(name, device):
            self.device = "cpu"
            info = {"kind": "cpu", "name": "cpu", "arch": None, "l2_bytes": 0}
        elif device == "cuda" and lang is not None and lang.native:
            try:
                if self.driver is None:
                    self.driver = cudadrv.Driver()
                info = self.driver.info()
            except Exception as exc:  # noqa: BLE001 - no usable driver or device
                return self._error_reply(exc, "while setting up the GPU")
        else:
            return {
                "ok": False,
                "kind": "protocol",
                "error": "this child runs compiled solutions (CUDA, Mojo) on a GPU, "
                "or CUDA C++ on the CPU",
            }
        self.params = msg["params"]
        try:
            lang.before_load()  # Mojo: the library that keeps its DeviceContext
            self.solve, self.last_error = solution.load_cuda_solution(
                msg["module_path"], self.params, msg.get("entry_symbol") or "solve"
            )
        except BaseException as exc:  # noqa: BLE001 - the library's constructors raised
            return self._error_reply(exc, "while loading the solution")
        return {"ok": True, "device": info}

    def cmd_attach(self, msg: dict) -> dict:
        try:
            if self.arena is not None:  # kept mapped: the solution may still point into it
                self.args = []
                self.retired.append(self.arena)
                self.arena = None
            self.arena, slots = solution.map_arena(self.chan, msg, self.device, self.driver)
            if msg.get("words"):  # the hand-over's words: no timed call runs in this child
                os.close(self.chan.take_fd())
            self.args = solution.native_args(self.params, slots, self.arena, msg["scalars"])
        except BaseException as exc:  # noqa: BLE001
            return self._error_reply(exc, "while mapping the buffers")
        return {"ok": True}

    def cmd_call(self, msg: dict) -> dict:
        if self.device == "cpu":
            return self._cpu_call(msg)
        if msg.get("timed") or self.solve is None:
            return {"ok": False, "kind": "protocol", "error": "this child runs untimed calls"}
        try:
            t0 = _perf_counter()
            self.solve(*self.args)
            solution.raise_recorded_cuda_error(self.last_error)
            self.driver.synchronize()
            elapsed = (_perf_counter() - t0) * 1e3
            solution.raise_recorded_cuda_error(self.last_error)
        except BaseException as exc:  # noqa: BLE001
            return self._error_reply(exc, "in solve")
        return {"ok": True, "time_ms": elapsed}

    def _cpu_call(self, msg: dict) -> dict:
        """One call of the emulated solution (its kernels have all run when ``solve`` returns:
        the emulation's launches are synchronous); before ``init``, an empty call. A timed
        call reports the host clock as the torch child does on the CPU."""
        solve = self.solve if self.solve is not None else _no_solve
        args = self.args if self.solve is not None else []
        try:
            t0 = _perf_counter()
            solve(*args)
            elapsed = (_perf_counter() - t0) * 1e3
            solution.raise_recorded_cuda_error(self.last_error)
        except BaseException as exc:  # noqa: BLE001
            return self._error_reply(exc, "in solve")
        if msg.get("timed"):
            return {"ok": True, "event_ms": elapsed, "sync_ms": elapsed}
        return {"ok": True, "time_ms": elapsed}


def _no_solve(*_args) -> None:
    """The empty solve of the calibration calls (before init)."""


def main(argv: list[str] | None = None) -> None:
    fd, workdir = loop.parse_args("python -m runner.child.native_child", argv)
    driver = None
    if os.environ.get("KERNELJUDGE_DEVICE") == "cuda":
        try:  # the CUDA context now, while the supervisor is still compiling
            driver = cudadrv.Driver()
        except Exception:  # noqa: BLE001 - reported properly by init
            pass
    child = NativeChild(wire.Channel.from_fd(fd, accept_fds=True), workdir, driver)
    handlers = {
        "ping": child.cmd_ping,
        "init": child.cmd_init,
        "attach": child.cmd_attach,
        "call": child.cmd_call,
    }
    loop.serve(child.chan, handlers, lambda: child.cuda_dead)  # never returns


if __name__ == "__main__":
    main()
