"""The untrusted side for a CUDA solution in mode ``run``, without torch.

Started as ``python -m runner.child.native_child --fd N --workdir DIR`` inside the same sandbox as
``runner.child.torch_child`` and driven by the same commands (``ping``, ``init``, ``test``), with the same
files: inputs arrive as raw-byte ``.npy`` files, outputs are poisoned before the call and
leave as raw bytes, and the supervisor checks everything it gets back. Device memory and
copies go through the CUDA driver (runner.common.cudadrv), so the child is ready in a fraction of a
second where ``import torch`` alone takes 2-3 s: on a cold ``python -m runner judge`` that
import was the slowest step. Mode ``submit`` (the benchmark) keeps the torch child, whose
timing method is the measured one (docs/judging.md).
"""

from __future__ import annotations

import ctypes
import os
import time
from pathlib import Path

from runner.child import loop as childcore
from runner.common import cudadrv, wire
from runner.contract import nbytes

_perf_counter = time.perf_counter


class NativeChild:
    def __init__(self, chan: wire.Channel, workdir: Path, driver: cudadrv.Driver | None):
        self.chan = chan
        self.workdir = workdir
        self.driver = driver
        self.params: list[dict] = []
        self.solve = None
        self.last_error = None
        self.cuda_dead = False

    def _error_reply(self, exc: BaseException, where: str) -> dict:
        if isinstance(exc, cudadrv.CudaError) and exc.out_of_memory or isinstance(exc, MemoryError):
            kind = "memory"
        elif isinstance(exc, cudadrv.CudaError) or "CUDA error" in str(exc):
            kind = "cuda"
            self.cuda_dead = True
        else:
            kind = "exception"
        return childcore.error_reply(exc, where, kind)

    def _check_native_error(self) -> None:
        childcore.raise_recorded_cuda_error(self.last_error)

    # -- commands ------------------------------------------------------------------------------
    def cmd_ping(self, msg: dict) -> dict:
        return {"ok": True}

    def cmd_init(self, msg: dict) -> dict:
        childcore.apply_init_limits(msg)
        if msg.get("device") != "cuda" or msg.get("language") != "cuda":
            return {"ok": False, "kind": "protocol", "error": "this child runs CUDA on a GPU"}
        try:
            if self.driver is None:
                self.driver = cudadrv.Driver()
            info = self.driver.info()
        except Exception as exc:  # noqa: BLE001 - no usable driver or device
            return self._error_reply(exc, "while setting up the GPU")
        self.params = msg["params"]
        try:
            loaded = childcore.load_cuda_solution(msg["module_path"], self.params)
            if loaded is None:
                return childcore.NO_SOLVE_IN_CUDA
            self.solve, self.last_error = loaded
        except BaseException as exc:  # noqa: BLE001 - the library's constructors raised
            return self._error_reply(exc, "while loading the solution")
        return {"ok": True, "device": info}

    def cmd_test(self, msg: dict) -> dict:
        drv = self.driver
        d = self.workdir / msg["dir"]
        buffers: dict[str, tuple[int, int]] = {}  # name -> (pointer, bytes)
        try:
            try:
                args = self._prepare(d, msg, buffers)
                drv.synchronize()
            except BaseException as exc:  # noqa: BLE001
                return self._error_reply(exc, "while preparing the test")
            try:
                t0 = _perf_counter()
                self.solve(*args)
                self._check_native_error()
                drv.synchronize()
                elapsed = (_perf_counter() - t0) * 1e3
                self._check_native_error()
            except BaseException as exc:  # noqa: BLE001
                return self._error_reply(exc, "in solve")
            try:
                for name, (ptr, size) in buffers.items():
                    wire.save_bytes(d / f"post_{name}.npy", drv.to_host(ptr, size))
            except BaseException as exc:  # noqa: BLE001
                return self._error_reply(exc, "while reading back the outputs")
            return {"ok": True, "time_ms": elapsed}
        finally:
            if not self.cuda_dead:
                for ptr, _ in buffers.values():
                    try:
                        drv.free(ptr)
                    except cudadrv.CudaError:
                        self.cuda_dead = True
                        break

    def _prepare(self, d: Path, msg: dict, buffers: dict) -> list:
        drv = self.driver
        args: list = []
        for p in self.params:
            name = p["name"]
            if p["role"] == "scalar":
                v = msg["scalars"][name]
                args.append(
                    childcore.CTYPES_SCALAR[p["dtype"]](int(v) if p["dtype"] == "int" else v)
                )
                continue
            size = nbytes(p["dtype"], msg["shapes"][name])
            ptr = drv.alloc(size)
            buffers[name] = (ptr, size)
            if p["role"] in ("in", "inout"):
                drv.to_device(ptr, wire.load_bytes(d / f"in_{name}.npy", size))
            else:
                drv.poison(ptr, size, p["dtype"])
            args.append(ctypes.c_void_p(ptr))
        return args


def main(argv: list[str] | None = None) -> None:
    fd, workdir = childcore.parse_args("python -m runner.child.native_child", argv)
    driver = None
    if os.environ.get("KERNELJUDGE_DEVICE") == "cuda":
        try:  # the CUDA context now, while the supervisor is still compiling
            driver = cudadrv.Driver()
        except Exception:  # noqa: BLE001 - reported properly by init
            pass
    child = NativeChild(wire.Channel.from_fd(fd), workdir, driver)
    handlers = {"ping": child.cmd_ping, "init": child.cmd_init, "test": child.cmd_test}
    childcore.serve(child.chan, handlers, lambda: child.cuda_dead)  # never returns


if __name__ == "__main__":
    main()
