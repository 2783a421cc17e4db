"""The untrusted side: runs the user's ``solve`` on the supervisor's buffers, and nothing else.

Started as ``python -m runner.child.torch_child --fd N --workdir DIR`` inside the sandbox. The
supervisor sends JSON-line commands over the inherited socket:

- ``ping`` / ``context``: boot checks (a spare child);
- ``language``: start the job's language runtime before the calibration (its plug-in's
  ``start``: JAX; Mojo on a GPU, whose empty call is an empty ``solve``'s runtime work);
- ``init``: load the solution (this is where user code first runs);
- ``attach`` (with one file descriptor): map the arena of a test or benchmark case, the
  supervisor's own memory, and build ``solve``'s arguments from it;
- ``call``: call ``solve`` once on those arguments, synchronise, and answer "done". A timed
  call also reports the CUDA events around it (or the CPU clock): the precise figure, which
  the supervisor accepts only within its own clock's bound (docs/judging.md). A ``profile``
  call (mode profile, under Nsight Compute) runs inside the CUDA profiler's start/stop range.

What differs between languages (start-up, loading, ``solve``'s arguments, the stream its
kernels run on, what a call returns, error replies) is the language's child plug-in
(runner/child/language.py; the supervisor names its package in ``language`` and ``init``):
JAX's outputs are returned and copied after the end event on JAX's own stream, CuTe DSL
compiles at ``attach``, Mojo's kernels run on its kept DeviceContext's stream and a timed call
ends at its last synchronise (``sync_end``), TileLang's and cuTile's compilers' exceptions are
compile errors.

There is no read-back, refill, dump or integrity command: the child never reads or writes a
buffer for the supervisor, and nothing it could forge is believed without a bound. Before
``init``, a ``call`` runs an empty solve: the supervisor calibrates the harness's round trip
that way while no user code exists in this process.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

_perf_counter = time.perf_counter

import torch  # noqa: E402

from runner.child import language, loop, solution  # noqa: E402
from runner.common import arena, leadin, signals, wire  # noqa: E402

_cuda_synchronize = torch.cuda.synchronize
_event_record = torch.cuda.Event.record
_event_elapsed = torch.cuda.Event.elapsed_time
_event_synchronize = torch.cuda.Event.synchronize
_event_query = torch.cuda.Event.query
_on_stream = torch.cuda.stream
_current_stream = torch.cuda.current_stream
_external_stream = torch.cuda.ExternalStream

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
        self.lang = language.ChildLanguage(self)  # the job's language's plug-in, once named
        self.params: list[dict] = []
        self.solve = None
        self.kj_last_error = None
        self.cuda_dead = False
        self.driver = None
        self.events = None
        self.arena: arena.Arena | None = None
        self.retired: list = []  # arenas and hand-over words kept mapped (_detach)
        self.words: signals.HostWords | None = None  # this arena's hand-over words, if any
        self.args: list = []
        self.stream = None  # the stream calls run on, if not torch's (JAX's own, on a GPU)
        self.sync_end = None  # Mojo on a GPU: a timed call's end at its last synchronise
        self.slots: dict[str, arena.Slot] = {}
        self.scratch: dict[str, object] = {}  # calibration copies' destinations

    # -- boot ------------------------------------------------------------------------------------
    def context(self) -> None:
        """CUDA context and events, before any user code."""
        if self.device != "cuda" or self.events is not None:
            return
        torch.cuda.init()
        torch.zeros(1, device="cuda")
        from runner.common.cudadrv import Driver  # noqa: PLC0415

        self.driver = Driver.shared()
        self.events = tuple(torch.cuda.Event(enable_timing=True) for _ in range(3))

    def external_stream(self, handle: int):
        """A torch stream over a stream a language's runtime made (JAX's, Mojo's)."""
        return _external_stream(handle)

    def _use_language(self, msg: dict) -> dict | None:
        """The plug-in of the language ``msg`` names (kept if it is the one in use); an error
        reply when it cannot be loaded."""
        name = msg.get("language") or ""
        if name == self.language:
            return None
        try:
            self.lang = language.plugin(name, msg.get("package") or "")(self)
        except Exception as exc:  # noqa: BLE001 - a worker without the plug-in's package
            return loop.error_reply(exc, f"while loading language {name!r}", "internal_error")
        self.language = name
        return None

    def cmd_ping(self, msg: dict) -> dict:
        return {"ok": True}

    def cmd_context(self, msg: dict) -> dict:
        try:
            self.context()
        except Exception as exc:  # noqa: BLE001
            return self.error_reply(exc, "while creating the CUDA context")
        return {"ok": True}

    def cmd_init(self, msg: dict) -> dict:
        loop.apply_init_limits(msg)
        self.device = msg["device"]
        failed = self._use_language(msg)
        if failed:
            return failed
        self.params = msg["params"]
        info: dict = {"kind": self.device, "name": "cpu", "arch": None, "l2_bytes": 0}
        if self.device == "cuda":
            try:
                self.context()
            except Exception as exc:  # noqa: BLE001
                return self.error_reply(exc, "while creating the CUDA context")
            props = torch.cuda.get_device_properties(0)
            info.update(name=props.name, arch=f"sm_{props.major}{props.minor}")
        else:
            import platform  # noqa: PLC0415

            info["name"] = platform.processor() or platform.machine() or "cpu"
        path = msg["module_path"]
        failed = self.lang.boot()  # before user code
        if failed:
            return failed
        try:
            self.solve = self.lang.load(path, msg)
            if self.solve is None:
                return {
                    "ok": False,
                    "kind": "compile_error",
                    "error": "solution defines no function solve(...)",
                }
            self.params = self.lang.params_of(self.solve, msg)
        except SyntaxError as exc:
            return {"ok": False, "kind": "compile_error", "error": loop.user_traceback(exc)}
        except BaseException as exc:  # noqa: BLE001 - user code raised while importing
            return self.error_reply(exc, "while loading the solution")
        return {"ok": True, "device": info}

    def cmd_language(self, msg: dict) -> dict:
        """Start the language's runtime before any user code and before the supervisor's
        calibration, so that its empty calls run as the timed calls will (JAX: on JAX's stream,
        through a jitted program of the harness's own)."""
        return self._use_language(msg) or self.lang.start() or {"ok": True}

    # -- buffers ---------------------------------------------------------------------------------
    def cmd_attach(self, msg: dict) -> dict:
        try:
            self._detach()
            self.context()  # a GPU arena is mapped through the context's driver
            self.arena, self.slots = solution.map_arena(self.chan, msg, self.device, self.driver)
            if msg.get("words"):
                fd = self.chan.take_fd()
                try:
                    self.words = signals.HostWords(self.driver, fd)
                finally:
                    os.close(fd)
            if msg.get("private_copy"):  # mode profile only (arena.PrivateArena)
                self.retired.append(self.arena)
                self.arena = arena.PrivateArena(self.arena)
            self.args = self.lang.args(self.slots, msg["scalars"])
        except BaseException as exc:  # noqa: BLE001
            reply = None if _is_oom(exc) else self.lang.attach_error(exc)
            if reply is not None:  # CuTe DSL: tracing, compiling
                return reply
            return self.error_reply(exc, "while mapping the buffers")
        return {"ok": True}

    def _detach(self) -> None:
        """Drop the current arena but keep it mapped until the process ends: the solution may
        still hold views of it (a thread, a cache), and unmapping them would crash the child."""
        self.args = []
        self.lang.forget()
        self.scratch = {}
        if self.arena is not None:
            self.retired.append(self.arena)
            self.arena = None
        if self.words is not None:
            self.retired.append(self.words)
            self.words = None

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
                done = self.lang.invoke(solve, args)
                self._after(done, msg)
                self._check_native_error()
                self._sync()
                elapsed = (_perf_counter() - t0) * 1e3
                self._release()
                self._check_native_error()
                return {"ok": True, "time_ms": elapsed}
            if self.device == "cuda":
                self.context()
                start, end, end_sync = self.events
                handover = self._handover(msg)
                # keeps the host's launch latency off the clock (as long as the supervisor asks)
                leadin.spin(lead_in_cycles(msg))
                if handover is not None:  # the supervisor writes the inputs while we wait
                    handover(signals.READY)
                _event_record(start)
                sync_end = self.sync_end
                if sync_end is not None:
                    sync_end.arm()
                done = self.lang.invoke(solve, args)
                at_sync = sync_end is not None and sync_end.at_sync()
                _event_record(end)
                if handover is not None:  # DONE ends the window: read the end event at once
                    while not _event_query(end):  # (with the synchronise alone, the window
                        pass  # after a 6.8 ms kernel was ~40 us longer: gpu_clock/...-session9)
                _cuda_synchronize()
                _event_record(end_sync)
                # the outputs are complete, side streams' included, unless a copy into them is
                # still to come: DONE at once, end_sync being queued on this context already
                late = self._copies_after(done, msg)
                if handover is not None and not late:
                    handover(signals.DONE)
                _event_synchronize(end_sync)
                if late:  # JAX's results into the outputs (or a calibration's copy), off both
                    # events: the synced one times the call's own work only, as in every language
                    self._after(done, msg)
                    _cuda_synchronize()
                    if handover is not None:
                        handover(signals.DONE)
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
            done = self.lang.invoke(solve, args)
            wall = (_perf_counter() - t0) * 1e3
            self._after(done, msg)
            self._check_native_error()  # CUDA C++ on the CPU: the emulation's launch errors
            return {"ok": True, "event_ms": wall, "sync_ms": wall}
        except BaseException as exc:  # noqa: BLE001
            return self.error_reply(exc, "in solve")

    def _handover(self, msg: dict):
        """The GPU hand-over the supervisor asks for, on the current stream, or None."""
        if self.words is None:
            return None
        return signals.child_handover(self.words, msg, _current_stream().cuda_stream)

    def _profiled_call(self, solve, args: list) -> dict:
        """One call inside the profiler's range (mode profile: ncu, started with
        ``--profile-from-start off``, collects the kernels launched between start and stop)."""
        try:
            self._sync()
            if self.device == "cuda":
                torch.cuda.profiler.start()
            try:
                self.lang.profiled(solve, args)
                self._check_native_error()
                self._sync()
            finally:
                if self.device == "cuda":
                    torch.cuda.profiler.stop()
            self._check_native_error()
        except BaseException as exc:  # noqa: BLE001
            return self.error_reply(exc, "in solve (the profiled call)")
        return {"ok": True}

    def _after(self, done, msg: dict) -> None:
        """After the timed part: JAX's results into the output buffers, or (a calibration
        call before init) the same amount of copying from the named output slots."""
        if done is not None:
            self.lang.after(done)
        elif self.solve is None and msg.get("copy_outputs"):
            for name in msg["copy_outputs"]:
                src = self.arena.tensor(self.slots[name])
                if name not in self.scratch:
                    self.scratch[name] = torch.empty_like(src)
                self.scratch[name].copy_(src)

    def _copies_after(self, done, msg: dict) -> bool:
        """Whether :meth:`_after` still writes into the outputs after this call."""
        return done is not None or (self.solve is None and bool(msg.get("copy_outputs")))

    def _release(self) -> None:
        """JAX: the last results are let go after the call's clock has stopped."""
        self.lang.release()

    def _sync(self) -> None:
        if self.device == "cuda":
            _cuda_synchronize()

    def _check_native_error(self) -> None:
        solution.raise_recorded_cuda_error(self.kj_last_error)

    def error_reply(self, exc: BaseException, where: str) -> dict:
        if not _is_oom(exc):
            reply = self.lang.compile_error(exc, where)  # TileLang's, cuTile's compiler
            if reply is not None:
                return reply
        if _is_oom(exc):
            kind = "memory"
        elif _is_cuda_error(exc):
            kind = "cuda"
            self.cuda_dead = True
        else:
            kind = "exception"
        return self.lang.error_reply(exc, where, kind)


def lead_in_cycles(msg: dict) -> int:
    """The lead-in spin the supervisor asks for, in cycles (it calibrates them on this GPU)."""
    value = msg.get("lead_in_cycles", 0)
    if not isinstance(value, int) or isinstance(value, bool):
        return 0
    return min(max(value, 0), leadin.MAX_SPIN_CYCLES)


def start_cuda(child: Child, on_request: bool) -> None:
    """On a GPU, before any command: the CUDA context now, while the supervisor is still
    compiling (the calibration's ``attach`` comes before ``init`` and maps the arena through
    the context's driver); or, for a spare child that makes its context on request, only the
    driver's initialisation, before the GPU lock is taken. A failure here is reported by the
    command that needs the context."""
    if child.device != "cuda":
        return
    try:
        if on_request:
            torch.cuda.init()
        else:
            child.context()
    except Exception:  # noqa: BLE001 - reported properly by init or the context command
        pass


def main(argv: list[str] | None = None) -> None:
    fd, workdir = loop.parse_args("python -m runner.child.torch_child", argv)
    _reduced_precision_off()
    child = Child(wire.Channel.from_fd(fd, accept_fds=True), workdir)
    start_cuda(child, on_request=os.environ.get("KERNELJUDGE_CONTEXT_ON_REQUEST") == "1")
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
