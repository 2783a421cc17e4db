"""The untrusted side: runs the user's solve() in a fresh process, driven by the supervisor.

Started as ``python -m runner.child.torch_child --fd N --workdir DIR`` inside the sandbox. The supervisor
sends JSON-line commands over the inherited socket fd; tensors arrive and leave as raw-byte
``.npy`` files in the job directory (see runner.common.wire). This process never sees the reference
implementation or the expected outputs, and nothing it reports is believed by the supervisor
without a check (see docs/judging.md).

The timer functions are captured here, at import, before any user code is imported; the
harness only ever calls the captured references, and the ``integrity`` command reports whether
the public names were replaced (user tampering -> ``rejected``).
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import sys
import time
from pathlib import Path

# --- captured before anything else can run ----------------------------------------------------
_perf_counter = time.perf_counter
_monotonic = time.monotonic

import torch  # noqa: E402

_cuda_synchronize = torch.cuda.synchronize
_Event = torch.cuda.Event
_event_record = torch.cuda.Event.record
_event_elapsed = torch.cuda.Event.elapsed_time
_event_synchronize = torch.cuda.Event.synchronize

from runner.child import loop as childcore  # noqa: E402
from runner.common import leadin, wire  # noqa: E402
from runner.common.tensors import from_bytes, gather_flat, poison_, sample_index, to_bytes  # noqa: E402
from runner.contract import nbytes  # noqa: E402


def _is_oom(exc: BaseException) -> bool:
    if isinstance(exc, MemoryError):
        return True
    oom_type = getattr(torch.cuda, "OutOfMemoryError", None)
    if oom_type is not None and isinstance(exc, oom_type):
        return True
    text = str(exc).lower()
    return "out of memory" in text or "cudaerrormemoryallocation" in text


def _is_cuda_error(exc: BaseException) -> bool:
    text = str(exc)
    return (
        "CUDA error" in text
        or "cudaError" in text
        or "CUDA_ERROR" in text
        or ("AcceleratorError" in type(exc).__name__)
    )


class Child:
    def __init__(self, chan: wire.Channel, workdir: Path):
        self.chan = chan
        self.workdir = workdir
        self.device = "cpu"
        self.language = ""
        self.params: list[dict] = []
        self.solve = None
        self.kj_last_error = None
        self.problem = None
        self.bench: dict | None = None
        self.cuda_dead = False
        self.events = None

    # -- helpers -----------------------------------------------------------------------------
    def _sync(self) -> None:
        if self.device == "cuda":
            _cuda_synchronize()

    def _check_native_error(self) -> None:
        childcore.raise_recorded_cuda_error(self.kj_last_error)

    def _args(self, tensors: dict[str, torch.Tensor], scalars: dict) -> list:
        args = []
        for p in self.params:
            name = p["name"]
            if p["role"] == "scalar":
                v = scalars[name]
                v = int(v) if p["dtype"] == "int" else float(v)
                if self.language == "cuda":
                    args.append(childcore.CTYPES_SCALAR[p["dtype"]](v))
                else:
                    args.append(v)
                continue
            t = tensors[name]
            if self.language == "cuda":
                args.append(ctypes.c_void_p(t.data_ptr()))
            elif self.language == "cupy":
                import cupy  # noqa: PLC0415

                args.append(cupy.from_dlpack(t.view(-1) if p["py_layout"] == "flat" else t))
            else:
                args.append(t.view(-1) if p["py_layout"] == "flat" else t)
        return args

    def _call(self, args: list) -> None:
        self.solve(*args)

    # -- commands ----------------------------------------------------------------------------
    def cmd_ping(self, msg: dict) -> dict:
        """Answered once the boot is done (torch imported, CUDA context created): a spare
        child started before its job is ready."""
        return {"ok": True}

    def cmd_context(self, msg: dict) -> dict:
        """Create the CUDA context now: a spare of the runner service boots in two steps, the
        torch import freely and this under the GPU's benchmark lock."""
        if os.environ.get("KERNELJUDGE_DEVICE") == "cuda":
            try:
                torch.cuda.init()
                torch.zeros(1, device="cuda")
            except Exception as exc:  # noqa: BLE001
                return self._error_reply(exc, "while creating the CUDA context")
        return {"ok": True}

    def cmd_init(self, msg: dict) -> dict:
        childcore.apply_init_limits(msg)
        self.device = msg["device"]
        self.language = msg["language"]
        self.params = msg["params"]
        info: dict = {"kind": self.device, "name": "cpu", "arch": None, "l2_bytes": 0}
        if self.device == "cuda":
            torch.cuda.init()
            props = torch.cuda.get_device_properties(0)
            info.update(
                name=props.name,
                arch=f"sm_{props.major}{props.minor}",
                l2_bytes=int(getattr(props, "L2_cache_size", 0) or 0),
                total_memory=int(props.total_memory),
            )
            torch.zeros(1, device="cuda")  # create the context before user code
            self.events = (
                _Event(enable_timing=True),
                _Event(enable_timing=True),
                _Event(enable_timing=True),
            )
        else:
            import platform  # noqa: PLC0415

            info["name"] = platform.processor() or platform.machine() or "cpu"
        if msg.get("problem"):
            from runner.contract import ProblemSpec  # noqa: PLC0415

            self.problem = ProblemSpec.from_dict(msg["problem"])
        path = msg["module_path"]
        try:
            if self.language == "cuda":
                loaded = childcore.load_cuda_solution(path, self.params)
                if loaded is None:
                    return childcore.NO_SOLVE_IN_CUDA
                self.solve, self.kj_last_error = loaded
            else:
                if self.language == "triton" and self.device == "cpu":
                    os.environ["TRITON_INTERPRET"] = "1"
                spec = importlib.util.spec_from_file_location("solution", path)
                module = importlib.util.module_from_spec(spec)
                sys.modules["solution"] = module
                spec.loader.exec_module(module)
                fn = getattr(module, "solve", None)
                if not callable(fn):
                    return {
                        "ok": False,
                        "kind": "compile_error",
                        "error": "solution defines no function solve(...)",
                    }
                self.solve = fn
        except SyntaxError as exc:
            return {"ok": False, "kind": "compile_error", "error": childcore.user_traceback(exc)}
        except BaseException as exc:  # noqa: BLE001 - user code raised while importing
            return self._error_reply(exc, "while loading the solution")
        return {"ok": True, "device": info}

    def _error_reply(self, exc: BaseException, where: str) -> dict:
        if _is_oom(exc):
            kind = "memory"
        elif _is_cuda_error(exc):
            kind = "cuda"
            self.cuda_dead = True
        else:
            kind = "exception"
        return childcore.error_reply(exc, where, kind)

    def _load_tensor(self, d: Path, name: str, dtype: str, shape: list) -> torch.Tensor:
        raw = wire.load_bytes(d / f"in_{name}.npy", nbytes(dtype, shape))
        return from_bytes(raw, dtype, shape, device=self.device)

    def _dump(self, d: Path, tensors: dict[str, torch.Tensor]) -> None:
        for name, t in tensors.items():
            wire.save_bytes(d / f"post_{name}.npy", to_bytes(t))

    def cmd_test(self, msg: dict) -> dict:
        d = self.workdir / msg["dir"]
        scalars = msg["scalars"]
        tensors: dict[str, torch.Tensor] = {}
        try:
            for p in self.params:
                if p["role"] == "scalar":
                    continue
                shape = msg["shapes"][p["name"]]
                if p["role"] in ("in", "inout"):
                    tensors[p["name"]] = self._load_tensor(d, p["name"], p["dtype"], shape)
                else:
                    from runner.supervisor.inputs import TORCH_DTYPES  # noqa: PLC0415

                    t = torch.empty(
                        tuple(shape), dtype=TORCH_DTYPES[p["dtype"]], device=self.device
                    )
                    poison_(t, p["dtype"])
                    tensors[p["name"]] = t
            args = self._args(tensors, scalars)
            self._sync()
        except BaseException as exc:  # noqa: BLE001
            return self._error_reply(exc, "while preparing the test")
        try:
            t0 = _perf_counter()
            self._call(args)
            self._check_native_error()
            self._sync()
            elapsed = (_perf_counter() - t0) * 1e3
            self._check_native_error()
        except BaseException as exc:  # noqa: BLE001
            return self._error_reply(exc, "in solve")
        try:
            self._dump(d, tensors)
        except BaseException as exc:  # noqa: BLE001
            return self._error_reply(exc, "while reading back the outputs")
        return {"ok": True, "time_ms": elapsed}

    # -- benchmark ---------------------------------------------------------------------------
    def cmd_bench_setup(self, msg: dict) -> dict:
        from runner.contract import BenchmarkCase  # noqa: PLC0415
        from runner.supervisor.inputs import TORCH_DTYPES  # noqa: PLC0415

        self.bench = None
        if self.device == "cuda":
            torch.cuda.empty_cache()
        try:
            case = BenchmarkCase(**msg["case"])
            scalars = msg["scalars"]
            bufs: dict[str, torch.Tensor] = {}
            for p in self.params:
                if p["role"] == "scalar":
                    continue
                t = torch.empty(
                    tuple(msg["shapes"][p["name"]]),
                    dtype=TORCH_DTYPES[p["dtype"]],
                    device=self.device,
                )
                poison_(t, p["dtype"])
                bufs[p["name"]] = t
            pool = []
            if msg.get("pool_dir"):
                pd = self.workdir / msg["pool_dir"]
                for j in range(int(msg["pool_n"])):
                    entry = {}
                    for p in self.params:
                        if p["role"] in ("in", "inout"):
                            shape = msg["shapes"][p["name"]]
                            raw = wire.load_bytes(
                                pd / f"{j}_{p['name']}.npy", nbytes(p["dtype"], shape)
                            )
                            entry[p["name"]] = from_bytes(raw, p["dtype"], shape, self.device)
                    pool.append(entry)
            flush = None
            if self.device == "cuda" and msg.get("flush_bytes"):
                flush = torch.empty(int(msg["flush_bytes"]), dtype=torch.uint8, device="cuda")
            self.bench = {
                "case": case,
                "scalars": scalars,
                "bufs": bufs,
                "pool": pool,
                "flush": flush,
                "spin": leadin.spin_cycles() if flush is not None else 0,
                "args": self._args(bufs, scalars),
            }
            self._sync()
            gap = self._calibrate_gap() if flush is not None else 0.0
        except BaseException as exc:  # noqa: BLE001
            return self._error_reply(exc, "while allocating the benchmark buffers")
        return {"ok": True, "gap_ms": gap}

    def _calibrate_gap(self, n: int = 21) -> float:
        """Median of (synced - event) time with harness work only (a memset of the flush
        buffer standing in for the kernel): the host's sync wake-up plus event latency, which
        the supervisor subtracts before deciding that work escaped the events."""
        flush = self.bench["flush"]
        start, end, end_sync = self.events
        gaps = []
        for i in range(n):
            _cuda_synchronize()
            flush.fill_(i & 0xFF)
            _event_record(start)
            flush.fill_((i + 1) & 0xFF)
            _event_record(end)
            _cuda_synchronize()
            _event_record(end_sync)
            _event_synchronize(end_sync)
            gaps.append(_event_elapsed(start, end_sync) - _event_elapsed(start, end))
        gaps.sort()
        return gaps[len(gaps) // 2]

    def _fill_inputs(self, msg: dict) -> None:
        b = self.bench
        if "pool" in msg:
            src = b["pool"][int(msg["pool"])]
        else:
            from runner.supervisor.inputs import generate_inputs  # noqa: PLC0415

            src = generate_inputs(self.problem, b["case"], int(msg["seed"]), self.device)
        for p in self.params:
            name = p["name"]
            if p["role"] in ("in", "inout"):
                b["bufs"][name].copy_(src[name])
            elif p["role"] == "out":
                poison_(b["bufs"][name], p["dtype"])

    def cmd_iter(self, msg: dict) -> dict:
        b = self.bench
        try:
            self._fill_inputs(msg)
            self._sync()
            if b["flush"] is not None:
                # enqueued, not waited for: the GPU is still flushing and spinning while the
                # host enters the call, so the host's launch latency is not on the clock
                # (runner/common/leadin.py); the lead-in precedes `start` on the same stream
                leadin.lead_in(b["flush"], msg.get("flush_value", 1), b["spin"])
        except BaseException as exc:  # noqa: BLE001
            return self._error_reply(exc, "while preparing a timed call")
        args = b["args"]
        try:
            if self.device == "cuda":
                start, end, end_sync = self.events
                _event_record(start)
                self._call(args)
                _event_record(end)
                _cuda_synchronize()
                _event_record(end_sync)
                _event_synchronize(end_sync)
                self._check_native_error()
                event_ms = _event_elapsed(start, end)
                sync_ms = _event_elapsed(start, end_sync)
                return {"ok": True, "event_ms": event_ms, "sync_ms": sync_ms}
            t0 = _perf_counter()
            self._call(args)
            wall = (_perf_counter() - t0) * 1e3
            return {"ok": True, "event_ms": wall, "sync_ms": wall}
        except BaseException as exc:  # noqa: BLE001
            return self._error_reply(exc, "in solve (benchmark)")

    def cmd_dump(self, msg: dict) -> dict:
        """The benchmark buffers after a timed call, for the supervisor's check; tensors named
        in ``runs`` only at those runs of ``run_elems`` elements (starting offsets)."""
        d = self.workdir / msg["dir"]
        runs = msg.get("runs") or {}
        try:
            self._sync()
            out = {}
            for name, t in self.bench["bufs"].items():
                if runs.get(name):
                    t = gather_flat(t, sample_index(runs[name], int(msg["run_elems"]), t.device))
                out[name] = t
            self._dump(d, out)
        except BaseException as exc:  # noqa: BLE001
            return self._error_reply(exc, "while reading back the outputs")
        return {"ok": True}

    def cmd_integrity(self, msg: dict) -> dict:
        return {"ok": True, "tampered": _INTEGRITY_CHECK()}


def _make_integrity_check():
    """Snapshot of every timing-relevant name, kept in a closure (not a module global)."""
    g = globals()
    saved_globals = {
        n: g[n]
        for n in (
            "_perf_counter",
            "_monotonic",
            "_cuda_synchronize",
            "_Event",
            "_event_record",
            "_event_elapsed",
            "_event_synchronize",
        )
    }
    import runner.supervisor.inputs as _inputs  # noqa: PLC0415

    saved_methods = {
        n: getattr(Child, n)
        for n in (
            "cmd_iter",
            "_call",
            "_fill_inputs",
            "_sync",
            "_check_native_error",
            "cmd_dump",
            "_dump",
        )
    }

    def current_public() -> dict:
        return {
            "runner.supervisor.inputs.generate_inputs": _inputs.generate_inputs,
            "runner.supervisor.inputs.sample": _inputs.sample,
            "runner.common.leadin.lead_in": leadin.lead_in,
            "time.perf_counter": time.perf_counter,
            "time.monotonic": time.monotonic,
            "torch.cuda.synchronize": torch.cuda.synchronize,
            "torch.cuda.Event": torch.cuda.Event,
            "torch.cuda.Event.record": torch.cuda.Event.record,
            "torch.cuda.Event.elapsed_time": torch.cuda.Event.elapsed_time,
            "torch.cuda.Event.synchronize": torch.cuda.Event.synchronize,
        }

    saved_public = current_public()

    def check() -> list[str]:
        bad = []
        for name, orig in saved_globals.items():
            if g.get(name) is not orig:
                bad.append(f"runner.child.torch_child.{name}")
        try:
            pub = current_public()
        except Exception:  # noqa: BLE001 - something was deleted
            return bad + ["torch timing API"]
        bad += [name for name, orig in saved_public.items() if pub[name] is not orig]
        bad += [f"Child.{n}" for n, orig in saved_methods.items() if getattr(Child, n) is not orig]
        return bad

    return check


_INTEGRITY_CHECK = _make_integrity_check()


def main(argv: list[str] | None = None) -> None:
    fd, workdir = childcore.parse_args("python -m runner.child.torch_child", argv)
    if (
        os.environ.get("KERNELJUDGE_DEVICE") == "cuda"
        and os.environ.get("KERNELJUDGE_CONTEXT_ON_REQUEST") != "1"
    ):
        try:  # create the CUDA context now, while the supervisor is still compiling
            torch.cuda.init()
            torch.zeros(1, device="cuda")
        except Exception:  # noqa: BLE001 - reported properly by init
            pass
    child = Child(wire.Channel.from_fd(fd), workdir)
    handlers = {
        "ping": child.cmd_ping,
        "context": child.cmd_context,
        "init": child.cmd_init,
        "test": child.cmd_test,
        "bench_setup": child.cmd_bench_setup,
        "iter": child.cmd_iter,
        "dump": child.cmd_dump,
        "integrity": child.cmd_integrity,
    }
    childcore.serve(child.chan, handlers, lambda: child.cuda_dead)  # never returns


if __name__ == "__main__":
    main()
