"""The untrusted side: runs the user's ``solve`` on the supervisor's buffers, and nothing else.

Started as ``python -m runner.child.torch_child --fd N --workdir DIR`` inside the sandbox. The
supervisor sends JSON-line commands over the inherited socket:

- ``ping`` / ``context``: boot checks (a spare child);
- ``language``: start the job's language runtime before the calibration (JAX; Mojo on a GPU:
  its runtime and the kept context, whose empty call is an empty ``solve``'s runtime work);
- ``init``: load the solution (this is where user code first runs);
- ``attach`` (with one file descriptor): map the arena of a test or benchmark case, the
  supervisor's own memory, and build ``solve``'s arguments from it;
- ``call``: call ``solve`` once on those arguments, synchronise, and answer "done". A timed
  call also reports the CUDA events around it (or the CPU clock): the precise figure, which
  the supervisor accepts only within its own clock's bound (docs/judging.md). A ``profile``
  call (mode profile, under Nsight Compute) runs inside the CUDA profiler's start/stop range.

JAX solutions return their outputs instead of writing them (runner/child/jax_solution.py):
on a GPU their calls run on JAX's own stream (runner/child/jax_stream.py), lead-in and events
included; the returned arrays are viewed from torch through DLPack before the end event, and
copied into the output buffers after it; a calibration call (before ``init``) that names
``copy_outputs`` makes the same copy, so the supervisor's empty windows hold it too. The
supervisor asks for each language's lead-in (``lead_in_cycles``, runner/common/leadin.py).

CuTe DSL solutions (runner/child/cute_solution.py) are compiled with ``cute.compile`` when a
case's buffers are attached (once per dtype signature), and the timed call runs the compiled
function, whose kernels write the output buffers in place on torch's current stream.

Mojo solutions are libraries the supervisor built, called as CUDA ones are (device pointers and
scalars through the C ABI), loaded after the library that keeps one DeviceContext per device
(runner/child/mojo_context.py); their kernels run on that context's stream, and the timed
calls' lead-in and events go on it too (as JAX's go on JAX's stream); ``solve`` synchronises
it before returning, and a timed call ends at that synchronise where nothing can have run
after it (``mojo_context.SyncEnd``; the reply's ``return_ms`` is the end event's figure).

TileLang and cuTile solutions get torch tensors as Triton's do (their kernels launch on torch's
current stream); the language's package is imported before their module, and an exception out
of its compiler is a compile error (runner/child/tilelang_errors.py,
runner/child/cutile_errors.py).

There is no read-back, refill, dump or integrity command: the child never reads or writes a
buffer for the supervisor, and nothing it could forge is believed without a bound. Before
``init``, a ``call`` runs an empty solve: the supervisor calibrates the harness's round trip
that way while no user code exists in this process.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from pathlib import Path

_perf_counter = time.perf_counter

import torch  # noqa: E402

from runner.child import cutile_errors, loop, solution, tilelang_errors  # noqa: E402
from runner.common import arena, leadin, wire  # noqa: E402
from runner.contract.vocabulary import LANGUAGE_NAMES, NATIVE_LANGUAGES  # noqa: E402

_cuda_synchronize = torch.cuda.synchronize
_event_record = torch.cuda.Event.record
_event_elapsed = torch.cuda.Event.elapsed_time
_event_synchronize = torch.cuda.Event.synchronize
_on_stream = torch.cuda.stream
_external_stream = torch.cuda.ExternalStream


# languages whose kernels a Python library compiles inside this process, by their error mapping
PYTHON_COMPILERS = {"tilelang": tilelang_errors, "cutile": cutile_errors}
SPIN_S = 0.05  # poll for the next command this long before sleeping (GPU)


def _no_solve(*_args) -> None:
    """The empty solve of the harness-only calibration calls (before init)."""


def _reduced_precision_off() -> None:
    """The solution's process computes fp32 like the reference: no TF32 in cuBLAS or cuDNN
    unless the solution turns it on itself (Triton: TRITON_F32_DEFAULT=ieee in the env)."""
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")


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
        or "AcceleratorError" in type(exc).__name__
    )


class Child:
    def __init__(self, chan: wire.Channel, workdir: Path):
        self.chan = chan
        self.workdir = workdir
        self.device = os.environ.get("KERNELJUDGE_DEVICE", "cpu")
        self.language = ""
        self.params: list[dict] = []
        self.solve = None
        self.kj_last_error = None
        self.cuda_dead = False
        self.driver = None
        self.events = None
        self.arena: arena.Arena | None = None
        self.retired: list[arena.Arena] = []
        self.args: list = []
        self.jax = None  # runner.child.jax_solution, for language "jax"
        self.jax_call = None  # its arguments and outputs for the current arena
        self.stream = None  # the stream calls run on, if not torch's (JAX's own, on a GPU)
        self.held = None  # an empty JAX call's result, until its clock has stopped
        self.sync_end = None  # Mojo on a GPU: a timed call's end at its last synchronise
        self.cute = None  # runner.child.cute_solution, for language "cute"
        self.cute_call = None  # its compiled function and arguments for the current arena
        self.cute_compiled: dict = {}  # compiled functions by argument signature (this job)
        self.slots: dict[str, arena.Slot] = {}
        self.scratch: dict[str, object] = {}  # calibration copies' destinations

    # -- boot ------------------------------------------------------------------------------------
    def _context(self) -> None:
        """CUDA context and events, before any user code."""
        if self.device != "cuda" or self.events is not None:
            return
        torch.cuda.init()
        torch.zeros(1, device="cuda")
        from runner.common.cudadrv import Driver  # noqa: PLC0415

        self.driver = Driver.shared()
        self.events = tuple(torch.cuda.Event(enable_timing=True) for _ in range(3))

    def cmd_ping(self, msg: dict) -> dict:
        return {"ok": True}

    def cmd_context(self, msg: dict) -> dict:
        try:
            self._context()
        except Exception as exc:  # noqa: BLE001
            return self._error_reply(exc, "while creating the CUDA context")
        return {"ok": True}

    def cmd_init(self, msg: dict) -> dict:
        loop.apply_init_limits(msg)
        self.device = msg["device"]
        self.language = msg["language"]
        self.params = msg["params"]
        info: dict = {"kind": self.device, "name": "cpu", "arch": None, "l2_bytes": 0}
        if self.device == "cuda":
            try:
                self._context()
            except Exception as exc:  # noqa: BLE001
                return self._error_reply(exc, "while creating the CUDA context")
            props = torch.cuda.get_device_properties(0)
            info.update(name=props.name, arch=f"sm_{props.major}{props.minor}")
        else:
            import platform  # noqa: PLC0415

            info["name"] = platform.processor() or platform.machine() or "cpu"
        path = msg["module_path"]
        if self.language == "jax":
            failed = self._start_jax()
            if failed:
                return failed
        if self.language == "cute":
            try:  # before user code: CuTe DSL's functions are captured unpatched
                from runner.child import cute_solution  # noqa: PLC0415

                cute_solution.boot(self.device)
            except BaseException as exc:  # noqa: BLE001
                return self._error_reply(exc, "while starting CuTe DSL")
            self.cute = cute_solution
        if self.language in PYTHON_COMPILERS:
            errors = PYTHON_COMPILERS[self.language]
            try:  # before user code: its import (seconds) is not the solution's doing
                errors.boot(self.device)
            except BaseException as exc:  # noqa: BLE001
                name = LANGUAGE_NAMES[self.language]
                return loop.error_reply(exc, f"while starting {name}", "exception")
        try:
            if self.language in NATIVE_LANGUAGES:  # a built library's C solve
                self.solve, self.kj_last_error = solution.load_cuda_solution(
                    path, self.params, msg.get("entry_symbol") or "solve", self.language
                )
                if self.language == "mojo" and self.device == "cuda" and self.sync_end is None:
                    self._use_mojo_stream()
            else:
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
            return {"ok": False, "kind": "compile_error", "error": loop.user_traceback(exc)}
        except BaseException as exc:  # noqa: BLE001 - user code raised while importing
            return self._error_reply(exc, "while loading the solution")
        return {"ok": True, "device": info}

    def cmd_language(self, msg: dict) -> dict:
        """Start the language's runtime before any user code and before the supervisor's
        calibration, so that its empty calls run as the timed calls will (JAX: on JAX's stream,
        through a jitted program of the harness's own)."""
        if msg.get("language") == "jax":
            return self._start_jax() or {"ok": True}
        if msg.get("language") == "mojo" and self.device == "cuda":
            try:  # Mojo: its runtime, the kept context's stream (calibrated empty calls)
                from runner.child import mojo_context  # noqa: PLC0415

                self._context()
                mojo_context.start_runtime()
                self._use_mojo_stream()
            except BaseException as exc:  # noqa: BLE001
                return loop.error_reply(exc, "while starting Mojo's runtime", "internal_error")
        return {"ok": True}

    def _use_mojo_stream(self) -> None:
        """Mojo's kernels run on the stream of the child's one DeviceContext
        (runner/child/mojo_context.py): the timed calls' lead-in and events go on that stream
        too, so the events bracket the kernels without a hand-over between two streams."""
        from runner.child import mojo_context  # noqa: PLC0415

        handle = mojo_context.kept_stream()
        if handle:  # else Mojo's work is on the legacy default stream, torch's, already
            self.stream = _external_stream(handle)
            self.sync_end = mojo_context.SyncEnd(self.stream)

    def _start_jax(self) -> dict | None:
        """JAX, its functions captured unpatched, and on a GPU its stream; an error reply or
        None."""
        if self.jax is not None:
            return None
        try:
            from runner.child import jax_solution  # noqa: PLC0415

            jax_solution.boot(self.device)
            if self.device == "cuda":
                self._context()
                from runner.child import jax_stream  # noqa: PLC0415

                self.stream = _external_stream(jax_stream.timing_stream())
        except BaseException as exc:  # noqa: BLE001
            return self._error_reply(exc, "while starting JAX")
        self.jax = jax_solution
        return None

    # -- buffers ---------------------------------------------------------------------------------
    def cmd_attach(self, msg: dict) -> dict:
        try:
            self._detach()
            self.arena, self.slots = solution.map_arena(self.chan, msg, self.device, self.driver)
            if msg.get("private_copy"):  # mode profile only (arena.PrivateArena)
                self.retired.append(self.arena)
                self.arena = arena.PrivateArena(self.arena)
            self.args = self._args(self.slots, msg["scalars"])
        except BaseException as exc:  # noqa: BLE001
            if self.cute is not None and self.solve is not None and not _is_oom(exc):
                return self.cute.attach_error_reply(exc, self.solve)  # tracing, compiling
            return self._error_reply(exc, "while mapping the buffers")
        return {"ok": True}

    def _detach(self) -> None:
        """Drop the current arena but keep it mapped until the process ends: the solution may
        still hold views of it (a thread, a cache), and unmapping them would crash the child."""
        self.args = []
        self.jax_call = None
        self.cute_call = None
        self.scratch = {}
        if self.arena is not None:
            self.retired.append(self.arena)
            self.arena = None

    def _args(self, slots: dict[str, arena.Slot], scalars: dict) -> list:
        if self.language in NATIVE_LANGUAGES:
            return solution.native_args(self.params, slots, self.arena, scalars)
        if self.jax is not None:
            tensors = {name: self.arena.tensor(slot) for name, slot in slots.items()}
            self.jax_call = self.jax.Call(self.params, tensors, scalars)
            return self.jax_call.args
        if self.cute is not None and self.solve is not None:
            tensors = {name: self.arena.tensor(slot) for name, slot in slots.items()}
            self.cute_call = self.cute.Call(
                self.solve, self.params, tensors, scalars, self.cute_compiled
            )
            return self.cute_call.args
        args = []
        for p in self.params:
            if p["role"] == "scalar":
                args.append(solution.scalar_value(p["dtype"], scalars[p["name"]]))
                continue
            t = self.arena.tensor(slots[p["name"]])
            if p["py_layout"] == "flat":
                t = t.view(-1)
            if self.language == "cupy":
                import cupy  # noqa: PLC0415

                t = cupy.from_dlpack(t)
            args.append(t)
        return args

    # -- calls -----------------------------------------------------------------------------------
    def cmd_call(self, msg: dict) -> dict:
        solve = self.solve or _no_solve
        args = self.args if self.solve is not None else []
        if isinstance(self.arena, arena.PrivateArena):
            self.arena.refresh()
            self._sync()
        if msg.get("profile"):
            return self._profiled_call(solve, args)
        if self.stream is not None:
            with _on_stream(self.stream):
                return self._call(solve, args, msg)
        return self._call(solve, args, msg)

    def _call(self, solve, args: list, msg: dict) -> dict:
        """One call on the current stream (torch's, or the one ``self.stream`` names)."""
        try:
            if not msg.get("timed"):
                t0 = _perf_counter()
                done = self._invoke(solve, args)
                self._after(done, msg)
                self._check_native_error()
                self._sync()
                elapsed = (_perf_counter() - t0) * 1e3
                self._release()
                self._check_native_error()
                return {"ok": True, "time_ms": elapsed}
            if self.device == "cuda":
                self._context()
                start, end, end_sync = self.events
                # keeps the host's launch latency off the clock (as long as the supervisor asks)
                leadin.spin(lead_in_cycles(msg))
                _event_record(start)
                sync_end = self.sync_end
                if sync_end is not None:
                    sync_end.arm()
                done = self._invoke(solve, args)
                at_sync = sync_end is not None and sync_end.at_sync()
                _event_record(end)
                _cuda_synchronize()
                _event_record(end_sync)
                _event_synchronize(end_sync)
                # JAX's copy into the output buffers (or a calibration's), off both events: the
                # synced one times the call's own work only, as in every language
                self._after(done, msg)
                _cuda_synchronize()
                self._release()
                del done
                self._check_native_error()
                return {
                    "ok": True,
                    "event_ms": _event_elapsed(start, sync_end.event if at_sync else end),
                    "return_ms": _event_elapsed(start, end),
                    "sync_ms": _event_elapsed(start, end_sync),
                }
            t0 = _perf_counter()
            done = self._invoke(solve, args)
            wall = (_perf_counter() - t0) * 1e3
            self._after(done, msg)
            self._check_native_error()  # CUDA C++ on the CPU: the emulation's launch errors
            return {"ok": True, "event_ms": wall, "sync_ms": wall}
        except BaseException as exc:  # noqa: BLE001
            return self._error_reply(exc, "in solve")

    def _profiled_call(self, solve, args: list) -> dict:
        """One call inside the profiler's range (mode profile: ncu, started with
        ``--profile-from-start off``, collects the kernels launched between start and stop)."""
        try:
            self._sync()
            if self.device == "cuda":
                torch.cuda.profiler.start()
            try:
                if self.cute_call is not None and self.solve is not None:
                    self.cute_call()
                else:
                    solve(*args)
                self._check_native_error()
                self._sync()
            finally:
                if self.device == "cuda":
                    torch.cuda.profiler.stop()
            self._check_native_error()
        except BaseException as exc:  # noqa: BLE001
            return self._error_reply(exc, "in solve (the profiled call)")
        return {"ok": True}

    def _invoke(self, solve, args: list):
        """Call ``solve``; for JAX, its returned arrays, checked and computed."""
        if self.jax_call is not None and self.solve is not None:
            self.jax_call.refresh()
            return self.jax_call.results(solve(*args))
        if self.solve is None and self.jax is not None:  # a calibration's empty JAX call
            self.held = self.jax.empty_call()
            return None
        if self.solve is None and self.sync_end is not None:  # a calibration's empty Mojo call
            from runner.child import mojo_context  # noqa: PLC0415

            mojo_context.empty_call()
            return None
        if self.cute_call is not None and self.solve is not None:
            self.cute_call()
            return None
        solve(*args)
        return None

    def _after(self, done, msg: dict) -> None:
        """After the timed part: JAX's results into the output buffers, or (a calibration
        call before init) the same amount of copying from the named output slots."""
        if done is not None:
            self.jax_call.write(done)
        elif self.solve is None and msg.get("copy_outputs"):
            for name in msg["copy_outputs"]:
                src = self.arena.tensor(self.slots[name])
                if name not in self.scratch:
                    self.scratch[name] = torch.empty_like(src)
                self.scratch[name].copy_(src)

    def _release(self) -> None:
        """JAX: the last results are let go after the call's clock has stopped."""
        self.held = None
        if self.jax_call is not None:
            self.jax_call.release()

    def _sync(self) -> None:
        if self.device == "cuda":
            _cuda_synchronize()

    def _check_native_error(self) -> None:
        solution.raise_recorded_cuda_error(self.kj_last_error)

    def _error_reply(self, exc: BaseException, where: str) -> dict:
        errors = PYTHON_COMPILERS.get(self.language)
        if errors is not None and not _is_oom(exc):
            if errors.raised_compiling(exc):  # a compiler's text is no CUDA error
                return errors.error_reply(exc, where, "compile_error")
        if _is_oom(exc):
            kind = "memory"
        elif _is_cuda_error(exc):
            kind = "cuda"
            self.cuda_dead = True
        else:
            kind = "exception"
        if self.jax is not None:
            return self.jax.error_reply(exc, where, kind)
        if self.cute is not None:
            from runner.child import cute_errors  # noqa: PLC0415

            return cute_errors.run_error_reply(exc, where, kind)
        if errors is not None:
            return errors.error_reply(exc, where, kind)
        return loop.error_reply(exc, where, kind)


def lead_in_cycles(msg: dict) -> int:
    """The lead-in spin the supervisor asks for, in cycles (it calibrates them on this GPU)."""
    value = msg.get("lead_in_cycles", 0)
    if not isinstance(value, int) or isinstance(value, bool):
        return 0
    return min(max(value, 0), leadin.MAX_SPIN_CYCLES)


def main(argv: list[str] | None = None) -> None:
    fd, workdir = loop.parse_args("python -m runner.child.torch_child", argv)
    _reduced_precision_off()
    child = Child(wire.Channel.from_fd(fd, accept_fds=True), workdir)
    if child.device == "cuda" and os.environ.get("KERNELJUDGE_CONTEXT_ON_REQUEST") != "1":
        try:  # create the CUDA context now, while the supervisor is still compiling
            child._context()
        except Exception:  # noqa: BLE001 - reported properly by init
            pass
    elif child.device == "cuda":
        try:  # the driver's initialisation (no context yet) before the GPU lock is taken
            torch.cuda.init()
        except Exception:  # noqa: BLE001 - reported properly by the context command
            pass
    handlers = {
        "ping": child.cmd_ping,
        "context": child.cmd_context,
        "language": child.cmd_language,
        "init": child.cmd_init,
        "attach": child.cmd_attach,
        "call": child.cmd_call,
    }
    # on a GPU both sides poll the channel during timed calls (Channel.recv); on the CPU the
    # polling would take a core from the solution's threads and the supervisor's copies
    spin_s = SPIN_S if child.device == "cuda" else 0.0
    loop.serve(child.chan, handlers, lambda: child.cuda_dead, spin_s)  # never returns


if __name__ == "__main__":
    main()
