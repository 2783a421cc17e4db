"""The sandboxed child process as the supervisor sees it: start, ask, kill; and spares,
children started before their job is known."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from runner.common import wire
from runner.contract import JobSpec, Limits
from runner.sandbox import process as proc
from runner.sandbox.mounts import interpreter
from runner.supervisor import language as plugins
from runner.supervisor.outcome import ChildDied, ChildTimeout

if TYPE_CHECKING:
    from runner.supervisor.context import Queue


def native_child_for(language: str, device: str, mode: str) -> bool:
    """Whether a job runs in the torch-free child (runner/child/native_child.py), as its
    language's plug-in says (a CUDA or Mojo solution on a GPU in mode ``run``, which needs no
    benchmark; CUDA C++ on the CPU device, the emulation, in modes ``run`` and ``submit``).
    ``KERNELJUDGE_NATIVE_CHILD=0`` turns it off."""
    if os.environ.get("KERNELJUDGE_NATIVE_CHILD", "1") == "0":
        return False
    return plugins.plugin(language).native_child(device, mode)


def carried_python_paths(runner_root: Path | None = None) -> list[Path]:
    """The directories of this process's PYTHONPATH that the child also needs: packages
    installed outside the interpreter's site-packages (a worker that unpacks TileLang into a
    folder of its own and names it in PYTHONPATH). Never the project's tree or a folder that
    holds it (the child sees only runner/, not the catalog's references and solutions)."""
    root = (runner_root or proc.RUNNER_ROOT).resolve()
    out: list[Path] = []
    for entry in os.environ.get("PYTHONPATH", "").split(os.pathsep):
        if not entry:
            continue
        path = Path(entry).resolve()
        if not path.is_dir() or path == root or path in root.parents or root in path.parents:
            continue
        if path not in out:
            out.append(path)
    return out


class ChildProcess:
    """The sandboxed child and its private channel.

    ``ChildProcess(job, job_dir, max_file_bytes)`` starts a child for a known job;
    :class:`Spare` starts one before its job is known (same argv, same sandbox, the job's
    file-size limit applied by the ``init`` command before any user code runs)."""

    def __init__(
        self,
        job: JobSpec | None,
        job_dir: Path,
        max_file_bytes: int,
        *,
        device: str | None = None,
        memory_bytes: int | None = None,
        timeout_s: float | None = None,
        native: bool | None = None,
        context_on_request: bool = False,
        argv_prefix: list[str] | None = None,
        prefix_binds: list[Path] | None = None,
    ):
        """``argv_prefix``: a trusted program the sandbox starts instead, with the child's
        command line after it (mode profile: ``ncu ... --``, runner/supervisor/profile.py);
        ``prefix_binds``: directories outside /usr that program needs, shown read-only."""
        self.job = job
        self.job_dir = job_dir
        self.deadline_hit = False
        self._deadline_timer = None
        if job is not None:
            limits = job.effective_limits
            device = job.device
            memory_bytes = limits.host_memory_bytes
            timeout_s = limits.job_timeout_s
            native = native_child_for(job.language, job.device, job.mode)
        self.device = device
        self.native = bool(native)
        parent, child = socket.socketpair()
        child_fd = child.fileno()
        os.set_inheritable(child_fd, True)
        # PYTHONPATH points at a directory inside the job dir holding only a `runner` symlink:
        # the sandbox makes the project's parent directories traversable but not listable,
        # and Python's import system must list a sys.path entry to find a package in it.
        pydir = job_dir / ".kjpath"
        pydir.mkdir(exist_ok=True)
        os.symlink(proc.RUNNER_ROOT / "runner", pydir / "runner")
        carried = carried_python_paths()  # e.g. TileLang unpacked into a folder of its own
        pythonpath = [str(pydir), *map(str, carried)]
        binds = [*(prefix_binds or ()), *carried]
        every = plugins.every()
        for language in every:  # e.g. CuTe DSL, wherever this worker has it
            paths, folders = language.child_paths(device)
            pythonpath += [entry for entry in paths if entry not in pythonpath]
            binds += [path for path in folders if path not in binds]
        env = proc.base_env({"KERNELJUDGE_CHILD": "1", "PYTHONPATH": os.pathsep.join(pythonpath)})
        if sys.pycache_prefix:  # runner.supervisor.bytecode: the child reads it, read-only
            env["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix
        # every language's settings (a spare does not know its language yet), and those of the
        # job's own language only (a spare's: every language's)
        for language in every:
            more, folders = language.child_env(device, job_dir, env, self.native)
            env.update(more)
            binds += [path for path in folders if path not in binds]
        for language in [plugins.plugin(job.language)] if job is not None else every:
            env.update(language.job_env(device))
        if device == "cpu":
            env["CUDA_VISIBLE_DEVICES"] = ""
            # threads sleep after a parallel region instead of spinning: spinning would be
            # charged to the solution by the CPU-time bound (runner/supervisor/cputime.py)
            env["OMP_WAIT_POLICY"] = "PASSIVE"
        if job is not None:
            env["KERNELJUDGE_MAX_FILE_BYTES"] = str(max_file_bytes)
        env["KERNELJUDGE_DEVICE"] = device
        if context_on_request:
            env["KERNELJUDGE_CONTEXT_ON_REQUEST"] = "1"
        argv = [
            interpreter(),
            "-m",
            "runner.child.native_child" if self.native else "runner.child.torch_child",
            "--fd",
            str(child_fd),
            "--workdir",
            str(job_dir),
        ]
        try:
            self.handle = proc.spawn(
                argv,
                job_dir,
                gpu=device == "cuda",
                env=env,
                pass_fds=(child_fd,),
                memory_bytes=memory_bytes,
                timeout_s=timeout_s,
                fsize_bytes=max_file_bytes,
                log_path=job_dir / "child_boot.log",
                wrap=argv_prefix or (),
                ro_binds=binds,
                loopback_sockets=bool(argv_prefix),
            )
        finally:
            child.close()
        self.chan = wire.Channel(parent)

    def arm_deadline(self, seconds: float) -> None:
        """Kill the child ``seconds`` from now (a spare's sandbox wall clock started before
        its job did, so the job's own limit is enforced here)."""
        import threading  # noqa: PLC0415

        def fire() -> None:
            self.deadline_hit = True
            try:
                self.handle.kill()
            except Exception:  # noqa: BLE001
                pass

        self._deadline_timer = threading.Timer(seconds, fire)
        self._deadline_timer.daemon = True
        self._deadline_timer.start()

    def _disarm(self) -> None:
        if self._deadline_timer is not None:
            self._deadline_timer.cancel()

    def request(
        self,
        msg: dict,
        timeout: float,
        fds: tuple[int, ...] = (),
        spin_s: float = 0.0,
        queue: Queue | None = None,
    ) -> tuple[dict, float]:
        """The child's answer and the round trip in ms by this process's clock (``spin_s``:
        poll that long before sleeping, for timed calls; ``queue``: run once the message is
        sent, before the answer is awaited, with a test of whether the child has answered or
        the time is up; the time it takes counts against ``timeout``)."""
        t0 = time.perf_counter()
        try:
            self.chan.send(msg, fds)
            if queue is not None:
                queue(lambda: self.chan.readable() or time.perf_counter() - t0 > timeout)
            left = timeout - (time.perf_counter() - t0)
            reply = self.chan.recv(max(0.0, left), spin_s)
        except wire.ChannelTimeout:
            self.kill()
            if getattr(self.handle, "memory_exceeded", False):  # over the cap as time ran out
                raise self._died() from None
            raise ChildTimeout() from None
        except (wire.ChannelClosed, wire.ProtocolError):
            raise self._died() from None
        return reply, (time.perf_counter() - t0) * 1e3

    def _died(self) -> ChildDied:
        rc = self.handle.wait(10)
        if rc is None:
            self.kill()
            rc = self.handle.wait(5)
        return ChildDied(
            rc,
            bool(getattr(self.handle, "memory_exceeded", False)),
            bool(getattr(self.handle, "timed_out", False)) or self.deadline_hit,
        )

    def alive(self) -> bool:
        try:
            return self.handle.wait(0) is None
        except Exception:  # noqa: BLE001
            return False

    def kill(self) -> None:
        self._disarm()
        try:
            self.handle.kill()
        except Exception:  # noqa: BLE001
            pass
        self.handle.wait(5)

    def close(self) -> None:
        self._disarm()
        try:
            self.chan.send({"op": "exit"})
            self.chan.recv(5)
        except Exception:  # noqa: BLE001
            pass
        if self.handle.wait(5) is None:
            self.kill()
        self.chan.close()


class Background:
    """Run a function in a thread; ``result()`` joins and re-raises its exception."""

    def __init__(self, fn: Callable[[], Any]):
        import threading  # noqa: PLC0415

        self._value: Any = None
        self._exc: BaseException | None = None

        def target() -> None:
            try:
                self._value = fn()
            except BaseException as exc:  # noqa: BLE001
                self._exc = exc

        self._thread = threading.Thread(target=target, name="kj-compile", daemon=True)
        self._thread.start()

    def join(self) -> None:
        self._thread.join()

    def result(self) -> Any:
        self._thread.join()
        if self._exc is not None:
            raise self._exc
        return self._value


SPARE_MAX_AGE_S = 240.0  # a spare older than this is replaced (its sandbox wall clock runs)
SPARE_FSIZE_BYTES = 1 << 34  # until init lowers it to the job's own limit
SPARE_BOOT_TIMEOUT_S = 180.0


class Spare:
    """A sandboxed child started before its job is known, so that its start (interpreter,
    torch import, CUDA context) overlaps other work: compiling, the supervisor's own imports,
    waiting for the next job.

    It has never seen user code, so it is as fresh as a child started for the job: same argv,
    same sandbox, its own new job directory. A spare is adopted by at most one ``judge()``
    call and killed with that job; it is never reused. Its readiness is checked with a
    ``ping`` (answered only after the child's boot: torch imported, CUDA context created), so
    a spare that failed to boot is discarded and never blamed on a submission. ``native``:
    the torch-free child, which only fits the jobs of :func:`native_child_for`.
    """

    def __init__(
        self,
        device: str,
        limits: Limits | None = None,
        native: bool = False,
        context_guard: Callable[[], contextlib.AbstractContextManager] | None = None,
    ):
        limits = limits or Limits()
        self.device = device
        self.native = native
        # the torch child's CUDA context is created in a second step, under this guard (the
        # runner service's GPU lock), instead of at boot
        self.context_guard = context_guard if device == "cuda" and not native else None
        self.memory_bytes = limits.host_memory_bytes
        self.timeout_s = limits.job_timeout_s
        self.started = time.monotonic()
        self.ready_s: float | None = None
        self.context_lock_s = 0.0  # how long its CUDA context's creation held the GPU lock
        self.error = ""
        self.child: ChildProcess | None = None
        self._taken = False
        self.job_dir = Path(tempfile.mkdtemp(prefix="kj-job-"))
        try:
            os.chmod(self.job_dir, 0o700)
            self.child = ChildProcess(
                None,
                self.job_dir,
                SPARE_FSIZE_BYTES,
                device=device,
                memory_bytes=self.memory_bytes,
                timeout_s=self.timeout_s + SPARE_MAX_AGE_S + SPARE_BOOT_TIMEOUT_S,
                native=native,
                context_on_request=self.context_guard is not None,
            )
        except Exception as exc:  # noqa: BLE001
            self.error = f"spawn failed: {type(exc).__name__}: {exc}"
            self._warm = None
        else:
            self._warm = Background(self._ping)

    def _ping(self) -> None:
        reply, _ = self.child.request({"op": "ping"}, SPARE_BOOT_TIMEOUT_S)
        if not reply.get("ok"):
            raise RuntimeError(f"spare answered {reply!r}")
        if self.context_guard is not None:
            with self.context_guard() as held:
                t_held = time.monotonic()
                reply, _ = self.child.request({"op": "context"}, SPARE_BOOT_TIMEOUT_S)
                if held:  # the GPU lock, where the service takes it for this step
                    self.context_lock_s = time.monotonic() - t_held
            if not reply.get("ok"):
                raise RuntimeError(f"spare could not create its CUDA context: {reply!r}")
        self.ready_s = time.monotonic() - self.started

    def ready(self, wait: bool = True) -> bool:
        """Whether the child booted and answered (waits for the boot when ``wait``)."""
        if self._warm is None:
            return False
        if not wait and self._warm._thread.is_alive():
            return False
        try:
            self._warm.result()
        except BaseException as exc:  # noqa: BLE001
            self.error = self.error or f"boot failed: {type(exc).__name__}: {exc}"
            return False
        return self.child is not None and self.child.alive()

    def booting(self) -> bool:
        return self._warm is not None and self._warm._thread.is_alive()

    def age_s(self) -> float:
        return time.monotonic() - self.started

    def fits(self, job: JobSpec) -> bool:
        lim = job.effective_limits
        return (
            not self._taken
            and job.device == self.device
            and native_child_for(job.language, job.device, job.mode) == self.native
            and lim.host_memory_bytes == self.memory_bytes
            and lim.job_timeout_s <= self.timeout_s
            and self.age_s() < SPARE_MAX_AGE_S
        )

    def take(self, job: JobSpec, keep_dir: bool = False) -> ChildProcess | None:
        """The child for ``job`` (waits for its boot), or None (the spare is then
        discarded)."""
        if not self.fits(job) or not self.ready():
            self.discard(keep_dir=keep_dir)
            return None
        self._taken = True
        self.child.job = job
        self.child.arm_deadline(job.effective_limits.job_timeout_s)
        return self.child

    def discard(self, keep_dir: bool = False) -> None:
        self._taken = True
        if self.child is not None:
            self.child.kill()
            self.child.chan.close()
        if self._warm is not None:
            self._warm.join()
        if not keep_dir:
            shutil.rmtree(self.job_dir, ignore_errors=True)
