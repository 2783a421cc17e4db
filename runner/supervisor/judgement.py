"""The trusted side of a judgement: compile, drive the sandboxed child, verify, time.

Nothing the child says is believed without a check it cannot forge: inputs are generated here
from the secret seed, expected outputs are computed here with the reference (which never
enters the child), outputs and the post-call values of the inputs come back as raw bytes and
are compared here, timed calls are verified at random iterations the child cannot predict,
and the reported times are bounded by this process's own clock and by the physical floor.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import os
import random
import shutil
import signal
import socket
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from runner.common import wire
from runner.contract import (
    BenchmarkCase,
    JobSpec,
    JudgeResult,
    Limits,
    ProblemSpec,
    TestCase,
    nbytes,
)
from runner.sandbox import process as proc
from runner.supervisor import devices, gpulock, stats

EventFn = Callable[[dict], None] | None

PY_FILE = "solution.py"
WARMUP_CALLS = 3
CHECKED_EARLY = 2  # secret checked calls among the first timed calls, besides first and last
OUTPUT_HARD_FACTOR = 16  # output beyond output_bytes * this -> output_limit_exceeded
SIDE_STREAM_ABS_MS = 0.020
SIDE_STREAM_REL = 0.05
SIDE_STREAM_FLAG_FRACTION = 0.25  # calls timed in full before a case is flagged
MAX_GAP_MS = 0.05
JIT_ALLOWANCE_S = 60.0
GPU_LOCK_TIMEOUT_S = 300.0  # waiting longer than this, benchmark anyway and flag it
# A checked timed call reads back tensors of up to SAMPLE_ABOVE elements whole; larger ones as
# SAMPLE_CHUNKS runs of SAMPLE_RUN elements at secret random offsets (plus both ends).
SAMPLE_ABOVE = 1 << 20
SAMPLE_CHUNKS = 1024
SAMPLE_RUN = 1024


class Verdict(Exception):
    """Ends the judgement with a verdict (raised from deep inside the flow)."""

    def __init__(self, verdict: str, message: str, **extra: Any):
        super().__init__(message)
        self.verdict = verdict
        self.message = message
        self.extra = extra


class ChildDied(Exception):
    def __init__(self, returncode: int | None, oom: bool = False, wall_timeout: bool = False):
        super().__init__(f"child exited ({returncode})")
        self.returncode = returncode
        self.oom = oom
        self.wall_timeout = wall_timeout


class ChildTimeout(Exception):
    pass


def _signal_name(rc: int) -> str:
    try:
        return signal.Signals(-rc).name
    except ValueError:
        return f"signal {-rc}"


_SIGNAL_WORDS = {
    "SIGSEGV": "segmentation fault",
    "SIGBUS": "bus error",
    "SIGABRT": "abort",
    "SIGFPE": "arithmetic exception",
    "SIGILL": "illegal instruction",
    "SIGKILL": "killed",
}


def native_child_for(language: str, device: str, mode: str) -> bool:
    """Whether a job runs in the torch-free child (runner/child/native_child.py): a CUDA solution
    on a GPU in mode ``run``, which needs no benchmark. ``KERNELJUDGE_NATIVE_CHILD=0`` turns
    it off."""
    return (
        language == "cuda"
        and device == "cuda"
        and mode == "run"
        and os.environ.get("KERNELJUDGE_NATIVE_CHILD", "1") != "0"
    )


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
        triton_interpret: bool | None = None,
        native: bool | None = None,
        context_on_request: bool = False,
    ):
        self.job = job
        self.job_dir = job_dir
        self.deadline_hit = False
        self._deadline_timer = None
        if job is not None:
            limits = job.effective_limits
            device = job.device
            memory_bytes = limits.host_memory_bytes
            timeout_s = limits.job_timeout_s
            triton_interpret = job.language == "triton" and job.device == "cpu"
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
        env = proc.base_env({"KERNELJUDGE_CHILD": "1", "PYTHONPATH": str(pydir)})
        if sys.pycache_prefix:  # runner.supervisor.bytecode: the child reads it, read-only
            env["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix
        if triton_interpret:
            env["TRITON_INTERPRET"] = "1"
        if device == "cpu":
            env["CUDA_VISIBLE_DEVICES"] = ""
        if job is not None:
            env["KERNELJUDGE_MAX_FILE_BYTES"] = str(max_file_bytes)
        env["KERNELJUDGE_DEVICE"] = device
        if context_on_request:
            env["KERNELJUDGE_CONTEXT_ON_REQUEST"] = "1"
        argv = [
            sys.executable,
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

    def request(self, msg: dict, timeout: float) -> tuple[dict, float]:
        t0 = time.perf_counter()
        try:
            self.chan.send(msg)
            reply = self.chan.recv(timeout)
        except wire.ChannelTimeout:
            self.kill()
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


def _fmt_sizes(sizes: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in sizes.items())


class Judgement:
    def __init__(
        self,
        job: JobSpec,
        job_dir: Path,
        on_event: EventFn,
        child: ChildProcess | None = None,
        spare: Spare | None = None,
    ):
        self.job = job
        self.spare = spare
        self.problem: ProblemSpec = job.problem
        self.limits: Limits = job.effective_limits
        self.dir = job_dir
        self.on_event = on_event
        self.phases: dict[str, float] = {}
        self.tests: list[dict] = []
        self.flags: list[str] = []
        self.compile_log = ""
        self.child: ChildProcess | None = child
        self.device_info: dict = {
            "kind": job.device,
            "name": "",
            "arch": None,
            "l2_bytes": 0,
            "peak_gbps": 0.0,
            "peak_gflops": 0.0,
        }
        self.benchmark: dict | None = None
        self.reference = None
        self.make_inputs = None
        self.rng = random.Random(f"{job.seed}:checked")
        self.peaks = devices.lookup("", job.device)
        self.gpu_key = ""  # the benchmark lock's name (runner/supervisor/gpulock.py), set with CUDA

    # -- events --------------------------------------------------------------------------------
    def emit(self, event: dict) -> None:
        if self.on_event is None:
            return
        try:
            self.on_event(event)
        except Exception:  # noqa: BLE001 - a broken callback must not break the judgement
            pass

    # -- the whole flow -------------------------------------------------------------------------
    def run(self) -> JudgeResult:
        t_start = time.monotonic()
        try:
            verdict, message = self._flow()
            extra: dict = {}
        except Verdict as v:
            verdict, message, extra = v.verdict, v.message, v.extra
        finally:
            if self.child is not None:
                self.child.close()
        self.phases["total_s"] = time.monotonic() - t_start
        stdout, stderr, truncated, total_out = self._collect_output()
        if total_out > self.limits.output_bytes * OUTPUT_HARD_FACTOR and verdict in (
            "accepted",
            "wrong_answer",
            "runtime_error",
            "time_limit_exceeded",
        ):
            verdict = "output_limit_exceeded"
            message = (
                f"The solution wrote {total_out} bytes to stdout/stderr, more than the "
                f"{self.limits.output_bytes * OUTPUT_HARD_FACTOR} byte limit."
            )
        result = JudgeResult(
            verdict=verdict,
            message=message,
            compile_log=self.compile_log,
            stdout=stdout,
            stderr=stderr,
            output_truncated=truncated,
            tests=self.tests,
            benchmark=self.benchmark,
            device=self.device_info,
            phases={k: round(v, 4) for k, v in self.phases.items()},
            flags=self.flags,
            protections=self._protections(),
            details=extra.get("details", ""),
        )
        self.emit({"phase": "done", "verdict": verdict})
        return result

    def _protections(self) -> dict:
        p = proc.sandbox_protections(self.job.device == "cuda")
        p.update(
            {
                "reference_in_child": False,
                "inputs_generated_by": "supervisor (secret seed)",
                "outputs_poisoned": True,
                "const_inputs_checked": True,
                "secret_checked_calls": self.job.mode == "submit",
                "timer_integrity_check": self.job.mode == "submit",
            }
        )
        return p

    def _collect_output(self) -> tuple[str, str, bool, int]:
        cap = self.limits.output_bytes
        out = []
        truncated = False
        total = 0
        for name in ("stdout.txt", "stderr.txt"):
            data, size = wire.read_capped(self.dir / name, cap)
            total += size
            if size > cap:
                truncated = True
                data += f"\n... ({size - cap} more bytes not shown)\n".encode()
            out.append(data.decode(errors="replace"))
        return out[0], out[1], truncated, total

    def _flow(self) -> tuple[str, str]:
        job = self.job
        if len(job.source.encode()) > self.limits.source_bytes:
            raise Verdict(
                "compile_error",
                f"The source is {len(job.source.encode())} bytes, more than the "
                f"{self.limits.source_bytes} byte limit.",
            )
        # Overlap the slow parts of a cold start: nvcc runs in a thread while the child
        # process starts (imports torch, creates its CUDA context) and this process imports
        # torch and loads the reference.
        t_spawn = time.monotonic()
        compiler = _Background(self._prepare_source)
        try:
            if job.device == "cuda":
                if self.child is None and self.spare is None:
                    self.child = ChildProcess(self.job, self.dir, self._max_file_bytes())
                self._require_cuda()
            self._load_reference()
            if self.spare is not None:
                self.child = self._adopt_spare()
        finally:
            compiler.join()  # never delete the job dir under a running nvcc
        module_path = compiler.result()
        if job.device != "cuda" and job.language in ("cuda", "cupy"):
            self._require_cuda()  # explains that this needs a GPU worker
        if self.child is None:
            self.child = ChildProcess(self.job, self.dir, self._max_file_bytes())
        self.phases["start_s"] = time.monotonic() - t_spawn  # wall time until compiled+ready
        self._start_child(module_path)
        verdict, message = self._run_tests()
        if verdict != "accepted" or job.mode != "submit":
            return verdict, message
        if self.problem.benchmarks:
            with self._gpu_to_ourselves():
                return self._run_benchmark(message)
        return verdict, message

    @contextlib.contextmanager
    def _gpu_to_ourselves(self) -> Iterator[None]:
        """The benchmark phase holds the GPU's benchmark lock (runner/supervisor/gpulock.py), so that
        supervisors sharing a GPU never time each other's kernels."""
        if self.job.device != "cuda":
            yield
            return
        t0 = time.monotonic()
        with gpulock.exclusive_gpu(self.gpu_key, GPU_LOCK_TIMEOUT_S) as held:
            self.phases["gpu_wait_s"] = time.monotonic() - t0
            if not held:
                self.flags.append("gpu_shared_during_benchmark")
            yield

    def _adopt_spare(self) -> ChildProcess | None:
        """The pre-started child (waits for its boot, which ran beside the compile and the
        reference setup); None when it failed to boot: a fresh child then starts in the same
        job directory, cleared of what the spare left (it never ran user code)."""
        spare, self.spare = self.spare, None
        child = None
        try:
            child = spare.take(self.job, keep_dir=True)
        except Exception:  # noqa: BLE001
            child = None
        if child is not None:
            self.flags.append("prestarted_child")
            return child
        spare.discard(keep_dir=True)
        for name in (".kjpath", "child_boot.log", "stdout.txt", "stderr.txt"):
            path = self.dir / name
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
        return None

    # -- compile / load -------------------------------------------------------------------------
    def _prepare_source(self) -> Path:
        job = self.job
        if job.language != "cuda":
            path = self.dir / PY_FILE
            path.write_text(job.source)
            self.phases["compile_s"] = 0.0
            return path
        self.emit({"phase": "compiling"})
        from runner.supervisor.compile import compile_cuda  # noqa: PLC0415

        res = compile_cuda(job.source, self.dir, job.arch, self.limits.compile_timeout_s)
        self.phases["compile_s"] = res.seconds
        self.compile_log = res.log
        if res.cached:
            self.flags.append("compile_cached")
        if not res.ok:
            if res.timed_out:
                raise Verdict(
                    "compile_error",
                    f"Compilation timed out after {self.limits.compile_timeout_s:g} s.",
                )
            first = next((ln for ln in res.log.splitlines() if "error" in ln), "")
            raise Verdict("compile_error", "Compilation failed" + (f": {first}" if first else "."))
        return res.so_path

    def _require_cuda(self) -> None:
        job = self.job
        if job.device != "cuda":
            lang = {"cuda": "CUDA", "cupy": "CuPy"}[job.language]
            what = "compiled successfully, but " if job.language == "cuda" else ""
            raise Verdict(
                "internal_error",
                f"The {lang} solution {what}can only run on a GPU worker "
                f"(device 'cuda'); this job asked for device '{job.device}'.",
            )
        import torch  # noqa: PLC0415

        if not torch.cuda.is_available():
            raise Verdict("internal_error", "This judge machine has no usable CUDA device.")
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        props = torch.cuda.get_device_properties(0)
        self.gpu_key = gpulock.device_key(props)
        self.peaks = devices.lookup(props.name, "cuda")
        self.device_info.update(
            name=props.name,
            arch=f"sm_{props.major}{props.minor}",
            l2_bytes=int(getattr(props, "L2_cache_size", 0) or 0),
            peak_gbps=self.peaks.peak_bw / 1e9,
            peak_gflops=self.peaks.peak_flops / 1e9,
            peaks_known=self.peaks.known,
        )

    def _load_reference(self) -> None:
        from runner.supervisor.inputs import load_reference  # noqa: PLC0415

        self.reference = load_reference(self.problem)
        self.make_inputs = getattr(self.reference, "make_inputs", None)

    def _max_file_bytes(self) -> int:
        from runner.supervisor.inputs import case_scalars  # noqa: PLC0415

        biggest = 0
        cases = list(self.problem.tests) + list(self.problem.benchmarks)
        for case in cases:
            try:
                sc = case_scalars(case, self.job.device)
                for p in self.problem.tensor_params:
                    biggest = max(biggest, nbytes(p.dtype, p.shape_for(sc)))
            except Exception:  # noqa: BLE001
                continue
        return biggest + self.limits.output_bytes * OUTPUT_HARD_FACTOR + (1 << 20)

    def _child_problem(self) -> dict:
        """The problem as the child sees it: everything but the reference and statement."""
        stub = "def reference(**_):\n    raise RuntimeError('not available')\n"
        p = dataclasses.replace(self.problem, reference_source=stub, statement="", starters={})
        return p.to_dict()

    def _start_child(self, module_path: Path) -> None:
        t0 = time.monotonic()
        params = [
            {"name": p.name, "dtype": p.dtype, "role": p.role, "py_layout": p.py_layout}
            for p in self.problem.params
        ]
        msg = {
            "op": "init",
            "device": self.job.device,
            "language": self.job.language,
            "params": params,
            "module_path": str(module_path),
            "problem": self._child_problem(),
            # applied by the child to itself before it loads user code (a spare child was
            # started before this job's sizes were known)
            "max_file_bytes": self._max_file_bytes(),
        }
        reply = self._ask(
            msg, self.limits.test_timeout_s + JIT_ALLOWANCE_S, "while loading the solution"
        )
        self.phases["start_s"] = self.phases.get("start_s", 0.0) + time.monotonic() - t0
        if not reply.get("ok"):
            self._raise_child_error(reply, "while loading the solution")
        info = reply.get("device") or {}
        if self.job.device == "cpu":
            self.device_info.update(name=str(info.get("name", "cpu"))[:200])
            self.peaks = devices.lookup("", "cpu")
        elif info.get("name") and info.get("name") != self.device_info.get("name"):
            self.flags.append("child_device_name_mismatch")

    # -- talking to the child -------------------------------------------------------------------
    def _ask(self, msg: dict, timeout: float, where: str) -> dict:
        return self._ask_timed(msg, timeout, where)[0]

    def _ask_timed(self, msg: dict, timeout: float, where: str) -> tuple[dict, float]:
        try:
            return self.child.request(msg, timeout)
        except ChildTimeout:
            raise Verdict(
                "time_limit_exceeded",
                f"Time limit exceeded {where}: no answer within {timeout:g} s "
                f"(the process was killed).",
            ) from None
        except ChildDied as d:
            raise self._death_verdict(d, where) from None

    def _death_verdict(self, d: ChildDied, where: str) -> Verdict:
        rc = d.returncode
        if d.wall_timeout:
            return Verdict(
                "time_limit_exceeded",
                f"The job exceeded its total time limit of "
                f"{self.limits.job_timeout_s:g} s {where} (the process was killed).",
            )
        if d.oom:
            return Verdict(
                "memory_limit_exceeded",
                f"The process ran out of memory {where} (killed by the memory limit).",
            )
        if rc is None:
            return Verdict("runtime_error", f"The process stopped answering {where}.")
        if rc < 0:
            name = _signal_name(rc)
            if name == "SIGXFSZ":
                return Verdict(
                    "output_limit_exceeded", f"The process wrote more output than allowed {where}."
                )
            words = _SIGNAL_WORDS.get(name, "")
            hint = " (possibly out of memory)" if name == "SIGKILL" else ""
            return Verdict(
                "runtime_error",
                f"The process was killed by {name}"
                f"{' (' + words + ')' if words else ''} {where}{hint}.",
            )
        boot = ""
        log = self.dir / "child_boot.log"
        if log.is_file():
            boot = log.read_text(errors="replace")[-2000:]
        return Verdict(
            "runtime_error",
            f"The process exited with status {rc} {where} (sys.exit / os._exit in the solution?).",
            details=boot,
        )

    def _raise_child_error(self, reply: dict, where: str) -> None:
        kind = reply.get("kind")
        err = str(reply.get("error", "unknown error"))[:2000]
        tb = str(reply.get("traceback", ""))[-4000:]
        if kind == "compile_error":
            self.compile_log = (self.compile_log + "\n" + err).strip()
            raise Verdict("compile_error", err.strip().splitlines()[-1] if err.strip() else err)
        if kind == "memory":
            raise Verdict("memory_limit_exceeded", f"Out of memory {where}: {err}", details=tb)
        if kind == "cuda":
            raise Verdict("runtime_error", f"CUDA error {where}: {err}", details=tb)
        raise Verdict("runtime_error", f"The solution raised {err} {where}.", details=tb)

    # -- tests ----------------------------------------------------------------------------------
    def _new_dir(self, prefix: str) -> Path:
        """A fresh folder with an unpredictable name (the child may plant links under any
        predictable one)."""
        return Path(tempfile.mkdtemp(prefix=prefix, dir=self.dir))

    def _selected_tests(self) -> list[TestCase]:
        tests = list(self.problem.tests)
        if self.job.mode == "run":
            tests = [t for i, t in enumerate(tests) if t.public or i == 0]
        return tests

    def _expected(self, inputs: dict, scalars: dict) -> dict:
        """Run the reference on copies of the inputs; returns the expected out/inout tensors."""
        import torch  # noqa: PLC0415

        from runner.supervisor.inputs import TORCH_DTYPES  # noqa: PLC0415

        f64 = self.problem.reference_precision == "f64"
        args: dict[str, Any] = {}
        for p in self.problem.params:
            if p.role == "scalar":
                args[p.name] = scalars[p.name]
                continue
            shape = p.shape_for(scalars)
            dtype = TORCH_DTYPES[p.dtype]
            if f64 and p.dtype == "f32":
                dtype = torch.float64
            if p.is_input:
                args[p.name] = inputs[p.name].clone().to(dtype)
            else:
                args[p.name] = torch.zeros(
                    shape, dtype=dtype, device=inputs_device(inputs, self.job)
                )
        with torch.no_grad():
            self.reference.reference(**args)
        return {p.name: args[p.name] for p in self.problem.tensor_params if p.is_output}

    def _check_outputs(
        self,
        name: str,
        sizes: dict,
        inputs: dict,
        scalars: dict,
        post_dir: Path,
        samples: dict | None = None,
    ) -> tuple[bool, dict, str]:
        """Compare the child's post-call tensors with the inputs sent and the expected outputs.

        ``samples``: for tensors read back in part, the flat indices of the elements the child
        returned (see ``_sample_starts``); those tensors are compared at those elements."""
        from runner.common.tensors import from_bytes, gather_flat  # noqa: PLC0415
        from runner.supervisor.verify import compare, describe, first_change, unravel  # noqa: PLC0415

        dev = inputs_device(inputs, self.job)
        samples = samples or {}

        def part(name: str, t):
            return gather_flat(t, samples[name]) if name in samples else t

        post = {}
        for p in self.problem.tensor_params:
            shape = p.shape_for(scalars)
            if p.name in samples:
                shape = (samples[p.name].numel(),)
            try:
                raw = wire.load_bytes(post_dir / f"post_{p.name}.npy", nbytes(p.dtype, shape))
            except wire.ProtocolError as exc:
                raise Verdict(
                    "runtime_error", f"Test '{name}': the outputs could not be read back ({exc})."
                ) from None
            post[p.name] = from_bytes(raw, p.dtype, shape, device=dev)
        entry: dict[str, Any] = {"max_abs_err": 0.0, "max_rel_err": 0.0, "first_mismatch": None}
        for p in self.problem.tensor_params:
            if p.role != "in":
                continue
            idx = first_change(part(p.name, inputs[p.name]), post[p.name])
            if idx is not None:
                if p.name in samples:
                    idx = int(samples[p.name][idx])
                msg = (
                    f"Test '{name}' ({_fmt_sizes(sizes)}): input {p.name} was modified by "
                    f"solve (first change at flat index {idx}); inputs are read-only."
                )
                entry["message"] = msg
                entry["input_modified"] = p.name
                return False, entry, msg
        expected = self._expected(inputs, scalars)
        extra: dict = {}
        if self.problem.error_bound is not None:  # fp32 forward-error term (judging.md)
            from runner.supervisor.verify import error_allowance  # noqa: PLC0415

            extra = error_allowance(
                self.problem.error_bound,
                self.reference,
                {p.name: inputs[p.name] for p in self.problem.tensor_params if p.is_input},
                expected,
                scalars,
                lambda ins: self._expected(ins, scalars),
            )
        for p in self.problem.tensor_params:
            if not p.is_output:
                continue
            full_shape = tuple(expected[p.name].shape)
            allowance = extra.get(p.name)
            cmp = compare(
                p.name,
                post[p.name],
                part(p.name, expected[p.name]),
                p.dtype,
                self.problem.atol,
                self.problem.rtol,
                None if allowance is None else part(p.name, allowance.reshape(full_shape)),
            )
            if p.name in samples and cmp.first_mismatch:
                flat = int(samples[p.name][cmp.first_mismatch["flat_index"]])
                cmp.first_mismatch.update(flat_index=flat, index=unravel(flat, full_shape))
            if cmp.max_bound_ratio is not None:
                entry["max_bound_ratio"] = max(
                    entry.get("max_bound_ratio", 0.0), cmp.max_bound_ratio
                )
            entry["max_abs_err"] = max(entry["max_abs_err"], cmp.max_abs_err)
            entry["max_rel_err"] = max(entry["max_rel_err"], cmp.max_rel_err)
            if self.job.mode == "run" and post[p.name].numel() <= 64:
                entry.setdefault("output_preview", {})[p.name] = {
                    "got": _to_list(post[p.name]),
                    "expected": _to_list(expected[p.name]),
                }
            if not cmp.passed:
                msg = describe(name, sizes, cmp, full_shape)
                if p.name in samples:
                    msg += f" [{samples[p.name].numel()} elements checked, at random offsets]"
                entry["first_mismatch"] = cmp.first_mismatch
                entry["mismatches"] = cmp.mismatches
                entry["message"] = msg
                return False, entry, msg
        return True, entry, ""

    def _run_tests(self) -> tuple[str, str]:
        from runner.common.tensors import to_bytes  # noqa: PLC0415
        from runner.supervisor.inputs import derive_seed, generate_inputs  # noqa: PLC0415

        t0 = time.monotonic()
        tests = self._selected_tests()
        first_failure: tuple[str, str] | None = None
        run_count = 0
        skipped = 0
        try:
            for k, test in enumerate(tests, 1):
                sizes = dict(test.scalars)
                base = {"name": test.name, "public": test.public, "sizes": sizes}
                if self.job.device == "cpu" and not test.cpu:
                    skipped += 1
                    self.tests.append(
                        {
                            **base,
                            "passed": None,
                            "skipped": True,
                            "message": "Not run on the CPU device (cpu = false); "
                            "it runs on GPU workers.",
                        }
                    )
                    continue
                self.emit({"phase": "testing", "test": k, "total": len(tests)})
                seed = derive_seed(self.job.seed, "test", test.name, k)
                inputs = generate_inputs(
                    self.problem, test, seed, self.job.device, self.make_inputs
                )
                tdir = self._new_dir(f"t{k}_")
                shapes = {
                    p.name: list(p.shape_for(test.scalars)) for p in self.problem.tensor_params
                }
                for name, t in inputs.items():
                    wire.save_bytes(tdir / f"in_{name}.npy", to_bytes(t))
                proc.sandbox_owns(tdir)  # only now may the child write here
                where = f"in test '{test.name}' ({_fmt_sizes(sizes)})"
                timeout = self.limits.test_timeout_s
                if (
                    run_count == 0
                    and self.job.language != "cuda"
                    and (self.job.device == "cuda" or self.job.language == "triton")
                ):
                    timeout += JIT_ALLOWANCE_S  # first call: Triton/CuPy JIT, cuBLAS loading
                reply = self._ask(
                    {"op": "test", "dir": tdir.name, "scalars": test.scalars, "shapes": shapes},
                    timeout,
                    where,
                )
                if not reply.get("ok"):
                    self.tests.append(
                        {**base, "passed": False, "message": str(reply.get("error", ""))[:2000]}
                    )
                    self._raise_child_error(reply, where)
                run_count += 1
                passed, entry, msg = self._check_outputs(
                    test.name, sizes, inputs, test.scalars, tdir
                )
                time_ms = reply.get("time_ms")
                entry["time_ms"] = float(time_ms) if isinstance(time_ms, int | float) else None
                self.tests.append({**base, "passed": passed, "message": msg, **entry})
                shutil.rmtree(tdir, ignore_errors=True)
                if not passed:
                    first_failure = first_failure or ("wrong_answer", msg)
                    if self.job.mode == "submit":
                        break
        finally:
            self.phases["tests_s"] = time.monotonic() - t0
        if first_failure:
            return first_failure
        note = (
            f" ({skipped} GPU-only test{'s' if skipped != 1 else ''} skipped on the CPU)"
            if skipped
            else ""
        )
        return "accepted", f"All {run_count} tests passed{note}."

    # -- benchmark ------------------------------------------------------------------------------
    def _run_benchmark(self, tests_message: str) -> tuple[str, str]:
        t0 = time.monotonic()
        cases = list(self.problem.benchmarks)
        out_cases = []
        try:
            for ci, case in enumerate(cases):
                self.emit({"phase": "benchmarking", "case": ci + 1, "total": len(cases)})
                out_cases.append(self._bench_case(ci, case, len(cases)))
            tampered = self._ask({"op": "integrity"}, 30, "in the integrity check")
            bad = tampered.get("tampered") if isinstance(tampered, dict) else None
            if bad or not tampered.get("ok"):
                raise Verdict(
                    "rejected",
                    "Timing functions were replaced during the run: "
                    + ", ".join(map(str, bad or ["(no answer)"]))
                    + ". Solutions must not touch the harness or the timers.",
                )
            # the child is done: free the device before timing the reference here
            self.child.close()
            self.child = None
            t_ref = time.monotonic()
            for ci, case in enumerate(cases):
                self._time_reference(ci, case, out_cases[ci], len(cases))
            self.phases["reference_timing_s"] = time.monotonic() - t_ref
        finally:
            self.phases["benchmark_s"] = time.monotonic() - t0
            self.benchmark = {
                "cases": out_cases,
                "score_ms": stats.geomean([c["median_ms"] for c in out_cases])
                if out_cases and len(out_cases) == len(cases)
                else None,
                "method": self._method(),
            }
        for c in out_cases:
            floor = c.get("floor_ms")
            if self.job.device == "cuda" and floor and c["median_ms"] < 0.9 * floor:
                raise Verdict(
                    "rejected",
                    f"Impossibly fast: {c['median_ms']:.4g} ms on '{c['name']}' is below the "
                    f"physical floor {floor:.4g} ms of this device (bytes / peak bandwidth, "
                    f"flops / peak rate).",
                )
        score = self.benchmark["score_ms"]
        return "accepted", f"{tests_message} Score: {score:.4g} ms (geometric mean of medians)."

    def _method(self) -> str:
        if self.job.device == "cuda":
            return (
                "CUDA events around each call, L2 flushed before each call, device-wide "
                "sync checked after each call, fresh inputs per call"
            )
        return "CPU: time.perf_counter around each call, no cache flush, fresh inputs per call"

    def _flush_bytes(self) -> int:
        """The L2 flush buffer: twice the device's L2, at least 64 MiB."""
        return max(2 * int(self.device_info.get("l2_bytes") or 0), 1 << 26)

    def _case_budget(self, n_cases: int) -> float:
        return max(0.2, self.limits.benchmark_budget_s / max(1, n_cases))

    def _bench_case(self, ci: int, case: BenchmarkCase, n_cases: int) -> dict:
        from runner.common.tensors import to_bytes  # noqa: PLC0415
        from runner.supervisor.inputs import case_scalars, derive_seed, generate_inputs  # noqa: PLC0415

        job = self.job
        scalars = case_scalars(case, job.device)
        shapes = {p.name: list(p.shape_for(scalars)) for p in self.problem.tensor_params}
        where = f"in benchmark '{case.name}' ({_fmt_sizes(scalars)})"
        setup: dict[str, Any] = {
            "op": "bench_setup",
            "case": dataclasses.asdict(case),
            "scalars": scalars,
            "shapes": shapes,
        }
        pool_n = 0
        if self.make_inputs is not None:
            # inputs that only the reference's make_inputs can build: a pool the supervisor
            # generates; each call copies one pool entry into the fixed buffers.
            pool_n = 4
            pdir = self._new_dir(f"pool{ci}_")
            for j in range(pool_n):
                ins = generate_inputs(
                    self.problem,
                    case,
                    derive_seed(job.seed, "pool", ci, j),
                    job.device,
                    self.make_inputs,
                )
                for name, t in ins.items():
                    wire.save_bytes(pdir / f"{j}_{name}.npy", to_bytes(t))
            # The child must read the pool; what it does to the files is harmless, since a
            # checked call's expected output is recomputed from the seed, not from the files.
            proc.sandbox_owns(pdir)
            setup.update(pool_dir=pdir.name, pool_n=pool_n)
        if job.device == "cuda":
            setup["flush_bytes"] = self._flush_bytes()
        reply = self._ask(setup, max(60.0, self.limits.test_timeout_s), where)
        if not reply.get("ok"):
            self._raise_child_error(reply, where)
        # the host's own sync latency, measured by the child without user code; clamped so
        # that a child cannot widen the side-stream tolerance by lying about it
        gap = reply.get("gap_ms", 0.0)
        gap = (
            min(max(float(gap), 0.0), MAX_GAP_MS)
            if isinstance(gap, int | float) and math.isfinite(gap)
            else 0.0
        )

        def escaped(ev: float, sy: float) -> bool:
            return sy - ev > gap + max(SIDE_STREAM_REL * ev, SIDE_STREAM_ABS_MS)

        budget = self._case_budget(n_cases)
        lim = self.limits
        early = list(range(WARMUP_CALLS, WARMUP_CALLS + max(lim.min_timed_runs, 3)))
        checked = {0, *self.rng.sample(early, min(CHECKED_EARLY, len(early)))}
        times: list[float] = []
        excess: list[float] = []
        flagged = 0
        t_start = time.monotonic()
        it = 0
        checks_done = 0
        check_s = 0.0
        stop_reason = ""
        while True:
            seed_k = derive_seed(job.seed, "bench", ci, it)
            msg: dict[str, Any] = {"op": "iter", "flush_value": it & 0xFF}
            if pool_n:
                msg["pool"] = self.rng.randrange(pool_n)
            else:
                msg["seed"] = seed_k
            reply, wall_ms = self._ask_timed(msg, lim.test_timeout_s, where)
            if not reply.get("ok"):
                self._raise_child_error(reply, where)
            ev, sy = reply.get("event_ms"), reply.get("sync_ms")
            if not all(
                isinstance(x, int | float) and math.isfinite(x) and x >= 0 for x in (ev, sy)
            ):
                raise Verdict("rejected", f"The timing harness returned invalid numbers {where}.")
            if sy + 1e-3 < ev or sy > wall_ms * 1.05 + 0.5:
                raise Verdict(
                    "rejected",
                    f"Timing numbers inconsistent with the supervisor's clock {where} "
                    f"(event {ev:.4g} ms, synced {sy:.4g} ms, round trip "
                    f"{wall_ms:.4g} ms).",
                )
            is_final = stop_reason != ""
            if it in checked or is_final:
                t_check = time.monotonic()
                self._verify_timed_call(ci, case, scalars, it, msg, where)
                check_s += time.monotonic() - t_check
                checks_done += 1
            if it >= WARMUP_CALLS:
                excess.append(sy - ev)
            if it >= WARMUP_CALLS and not is_final:
                t = ev
                if job.device == "cuda" and escaped(ev, sy):
                    t = sy
                    flagged += 1
                times.append(t)
            elif it >= WARMUP_CALLS and is_final:
                times.append(sy if (job.device == "cuda" and escaped(ev, sy)) else ev)
            it += 1
            if is_final:
                break
            stop, stop_reason = stats.should_stop(
                times,
                # the budget buys timed calls: a checked call's dump and reference run are
                # not on it, or large cases would stop after a handful of calls
                time.monotonic() - t_start - check_s,
                budget,
                lim.min_timed_runs,
                lim.max_timed_runs,
                lim.target_rel_se,
            )
            if not stop:
                stop_reason = ""
        self.phases["bench_checks_s"] = self.phases.get("bench_checks_s", 0.0) + check_s
        summary = stats.summarize(times)
        med_s = summary["median_ms"] / 1e3
        moved_bytes = self.problem.bytes_for(scalars)
        flops = self.problem.flops_for(scalars)
        fr = []
        if moved_bytes and med_s > 0:
            fr.append(moved_bytes / med_s / self.peaks.peak_bw)
        if flops and med_s > 0:
            fr.append(flops / med_s / self.peaks.peak_flops)
        case_flags = []
        if (
            job.device == "cuda"
            and flagged
            and flagged >= max(1, SIDE_STREAM_FLAG_FRACTION * len(times))
        ):
            case_flags.append("side_stream_work")
            if "side_stream_work" not in self.flags:
                self.flags.append("side_stream_work")
        if job.device == "cpu" and "cpu_timing_no_l2_flush" not in self.flags:
            self.flags.append("cpu_timing_no_l2_flush")
        floor_ms = (
            devices.floor_s(self.peaks, moved_bytes, flops) * 1e3 if job.device == "cuda" else None
        )
        return {
            "name": case.name,
            "sizes": scalars,
            **{k: summary[k] for k in ("median_ms", "mean_ms", "std_ms", "min_ms", "runs")},
            "rel_se": summary["rel_se"],
            "stop_reason": stop_reason,
            "gflops": flops / med_s / 1e9 if med_s > 0 else 0.0,
            "gbps": moved_bytes / med_s / 1e9 if med_s > 0 else 0.0,
            "fraction_of_peak": max(fr) if fr else 0.0,
            "floor_ms": floor_ms,
            "checked_calls": checks_done,
            "synced_time_calls": flagged,
            "sync_gap_ms": gap if job.device == "cuda" else None,
            "sync_excess_ms_median": stats.summarize(excess)["median_ms"] if excess else None,
            "flags": case_flags,
            "reference_median_ms": None,
            "speedup": None,
        }

    def _verify_timed_call(
        self, ci: int, case: BenchmarkCase, scalars: dict, it: int, msg: dict, where: str
    ) -> None:
        from runner.supervisor.inputs import derive_seed, generate_inputs  # noqa: PLC0415

        ddir = self._new_dir(f"chk{ci}_{it}_")
        proc.sandbox_owns(ddir)
        starts = {
            p.name: plan
            for p in self.problem.tensor_params
            if (plan := self._sample_starts(math.prod(p.shape_for(scalars)))) is not None
        }
        reply = self._ask(
            {"op": "dump", "dir": ddir.name, "runs": starts, "run_elems": SAMPLE_RUN},
            max(60.0, self.limits.test_timeout_s),
            where,
        )
        if not reply.get("ok"):
            self._raise_child_error(reply, where)
        if "pool" in msg:
            seed = derive_seed(self.job.seed, "pool", ci, int(msg["pool"]))
            inputs = generate_inputs(self.problem, case, seed, self.job.device, self.make_inputs)
        else:
            inputs = generate_inputs(self.problem, case, int(msg["seed"]), self.job.device)
        name = f"{case.name}, timed call {it + 1}"
        ok, entry, text = self._check_outputs(
            name, scalars, inputs, scalars, ddir, samples=self._sample_index(starts)
        )
        shutil.rmtree(ddir, ignore_errors=True)
        if not ok:
            raise Verdict(
                "wrong_answer",
                f"A timed benchmark call produced a wrong result (all tests had passed): "
                f"{text.rstrip('.')}. "
                f"Results must be computed on every call for the inputs of that call "
                f"(no caching across calls, no deferred work, no shortcuts at benchmark sizes).",
            )

    def _sample_starts(self, numel: int) -> list[int] | None:
        """Where the runs of a sampled read-back start (None: read it whole). Chosen after the
        call has returned, from the secret generator, so the child cannot know them while it
        computes; both ends are always in, where tail and boundary bugs live."""
        if numel <= SAMPLE_ABOVE:
            return None
        last = numel - SAMPLE_RUN
        return sorted({0, last, *(self.rng.randrange(last + 1) for _ in range(SAMPLE_CHUNKS - 2))})

    def _sample_index(self, starts: dict[str, list[int]]) -> dict:
        """Flat element indices of each sampled tensor, on the judging device."""
        from runner.common.tensors import sample_index  # noqa: PLC0415

        return {
            name: sample_index(plan, SAMPLE_RUN, self.job.device) for name, plan in starts.items()
        }

    def _time_reference(self, ci: int, case: BenchmarkCase, out: dict, n_cases: int) -> None:
        """Time the reference in this process, the same way (fresh inputs, L2 flush)."""
        import torch  # noqa: PLC0415

        from runner.common import leadin  # noqa: PLC0415
        from runner.common.tensors import poison_  # noqa: PLC0415
        from runner.supervisor.inputs import (  # noqa: PLC0415
            TORCH_DTYPES,
            case_scalars,
            derive_seed,
            generate_inputs,
        )

        job = self.job
        scalars = case_scalars(case, job.device)
        cuda = job.device == "cuda"
        bufs = {}
        for p in self.problem.tensor_params:
            bufs[p.name] = torch.empty(
                p.shape_for(scalars), dtype=TORCH_DTYPES[p.dtype], device=job.device
            )
        args = {
            p.name: (bufs[p.name] if p.is_tensor else scalars[p.name]) for p in self.problem.params
        }
        flush = None
        if cuda:
            flush = torch.empty(self._flush_bytes(), dtype=torch.uint8, device="cuda")
            ev = [torch.cuda.Event(enable_timing=True) for _ in range(2)]
            spin = leadin.spin_cycles()
        budget = min(self._case_budget(n_cases) * 0.5, 5.0)
        times: list[float] = []
        t_start = time.monotonic()
        it = 0
        while True:
            ins = generate_inputs(
                self.problem,
                case,
                derive_seed(job.seed, "ref", ci, it),
                job.device,
                self.make_inputs,
            )
            for p in self.problem.tensor_params:
                if p.is_input:
                    bufs[p.name].copy_(ins[p.name])
                else:
                    poison_(bufs[p.name], p.dtype)
            with torch.no_grad():
                if cuda:
                    torch.cuda.synchronize()
                    leadin.lead_in(flush, it, spin)
                    ev[0].record()
                    self.reference.reference(**args)
                    ev[1].record()
                    torch.cuda.synchronize()
                    t = ev[0].elapsed_time(ev[1])
                else:
                    t0 = time.perf_counter()
                    self.reference.reference(**args)
                    t = (time.perf_counter() - t0) * 1e3
            if it >= WARMUP_CALLS:
                times.append(t)
            it += 1
            stop, _ = stats.should_stop(
                times,
                time.monotonic() - t_start,
                budget,
                self.limits.min_timed_runs,
                self.limits.max_timed_runs,
                self.limits.target_rel_se,
            )
            if stop:
                break
        s = stats.summarize(times)
        out["reference_median_ms"] = s["median_ms"]
        out["reference_runs"] = s["runs"]
        if s["median_ms"] and out.get("median_ms"):
            out["speedup"] = s["median_ms"] / out["median_ms"]
        del bufs, flush
        if cuda:
            torch.cuda.empty_cache()


class _Background:
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


def inputs_device(inputs: dict, job: JobSpec):
    for t in inputs.values():
        return t.device
    return job.device


def _to_list(t) -> list:
    import torch  # noqa: PLC0415

    flat = t.detach().reshape(-1).cpu()
    if flat.is_floating_point():
        return [(x if math.isfinite(x) else str(x)) for x in flat.double().tolist()]
    return flat.to(torch.int64).tolist()


def _sanitize(obj: Any) -> Any:
    """JSON has no NaN/inf: turn them into strings."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else str(obj)
    if isinstance(obj, dict):
        return {k: _sanitize(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_sanitize(v) for v in obj]
    return obj


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
                triton_interpret=device == "cpu",
                native=native,
                context_on_request=self.context_guard is not None,
            )
        except Exception as exc:  # noqa: BLE001
            self.error = f"spawn failed: {type(exc).__name__}: {exc}"
            self._warm = None
        else:
            self._warm = _Background(self._ping)

    def _ping(self) -> None:
        reply, _ = self.child.request({"op": "ping"}, SPARE_BOOT_TIMEOUT_S)
        if not reply.get("ok"):
            raise RuntimeError(f"spare answered {reply!r}")
        if self.context_guard is not None:
            with self.context_guard():
                reply, _ = self.child.request({"op": "context"}, SPARE_BOOT_TIMEOUT_S)
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


def judge(job: JobSpec, on_event: EventFn = None, spare: Spare | None = None) -> JudgeResult:
    """Judge one job; never raises (anything unexpected becomes ``internal_error``).

    ``spare``: a pre-started child (see :class:`Spare`); used when it fits the job and
    booted, else discarded. Either way it is consumed by this call."""
    t0 = time.monotonic()
    judgement = None
    if spare is not None:
        try:
            fits = spare.fits(job)
        except Exception:  # noqa: BLE001 - a broken spare only costs the fast path
            fits = False
        if not fits:
            spare.discard()
            spare = None
    job_dir = spare.job_dir if spare is not None else Path(tempfile.mkdtemp(prefix="kj-job-"))
    try:
        os.chmod(job_dir, 0o700)
        # the spare is adopted inside the flow, after the compile and the reference setup
        # have started, so that its boot overlaps them
        judgement = Judgement(job, job_dir, on_event, spare=spare)
        result = judgement.run()
    except Exception as exc:  # noqa: BLE001
        tb = traceback.format_exc()
        result = JudgeResult(
            verdict="internal_error",
            message=f"The judge failed: {type(exc).__name__}: {exc}",
            details=tb[-8000:],
            phases={"total_s": round(time.monotonic() - t0, 4)},
            tests=judgement.tests if judgement else [],
            compile_log=judgement.compile_log if judgement else "",
        )
        if on_event:
            try:
                on_event({"phase": "done", "verdict": "internal_error"})
            except Exception:  # noqa: BLE001
                pass
    finally:
        if judgement is not None and judgement.child is not None:
            judgement.child.kill()
        if judgement is not None and judgement.spare is not None:
            judgement.spare.discard(keep_dir=True)  # never adopted (an early verdict)
        elif judgement is None and spare is not None:
            spare.discard(keep_dir=True)
        if not os.environ.get("KERNELJUDGE_KEEP_JOBDIR"):
            shutil.rmtree(job_dir, ignore_errors=True)
    result.tests = _sanitize(result.tests)
    if result.benchmark:
        result.benchmark = _sanitize(result.benchmark)
    return result
