"""The trusted side of a judgement: the flow from source to verdict.

The supervisor owns everything that decides a verdict or a time. It generates the inputs
from the secret seed, owns every buffer the solution touches (runner.supervisor.buffers),
writes fresh inputs and zero-filled outputs before every call, snapshots the outputs itself
after every call, computes the expected outputs with the reference (which never enters the
child), and keeps the clock that bounds every reported time (runner.supervisor.clock). The
sandboxed child only runs the solution: it receives "call" and answers "done".
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path

from runner.contract import JobSpec, JudgeResult, Limits, ProblemSpec, languages
from runner.sandbox import process as proc
from runner.supervisor import (
    benchmark,
    devices,
    emulation,
    gpulock,
    preparation,
    profile,
    windows,
)
from runner.supervisor import language as plugins
from runner.supervisor.buffers import CaseBuffers
from runner.supervisor.childproc import Background, ChildProcess, Spare
from runner.supervisor.context import Queue
from runner.supervisor.functional import JIT_ALLOWANCE_S
from runner.supervisor.outcome import (
    ChildDied,
    ChildTimeout,
    Verdict,
    child_error_verdict,
    death_verdict,
    read_output,
    sanitize,
)

EventFn = Callable[[dict], None] | None

OUTPUT_HARD_FACTOR = 16  # output beyond output_bytes * this -> output_limit_exceeded
# Languages whose runtime compiles kernels inside the child and caches them in the job folder
# (their plug-in's ``compiles_in_child``): Triton (its cache of IR, PTX and cubins;
# torch.compile's Inductor writes Triton and C++ too), CuPy's kernel cache, CuTe DSL, TileLang
# (nvcc, preprocessed CUTLASS headers) and cuTile (tileiras with ptxas). A large or autotuned
# kernel's files outgrow the output limit (an autotuned Triton attention kernel with d_k = 256
# failed with EFBIG writing its cache): their child may write files this large. An output
# flood is still judged by the size read back (OUTPUT_HARD_FACTOR), not only by SIGXFSZ.
CHILD_COMPILE_FILE_BYTES = 256 << 20
GPU_LOCK_TIMEOUT_S = 300.0  # waiting longer than this, benchmark anyway and flag it
SPIN_S = 0.25  # a timed call's answer is polled for this long before sleeping


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
        self.language = plugins.plugin(job.language)  # its trusted side
        self.spare = spare
        self.problem: ProblemSpec = job.problem
        self.limits: Limits = job.effective_limits
        self.dir = job_dir
        self.on_event = on_event
        self.phases: dict[str, float] = {}
        self.tests: list[dict] = []
        self.flags: list[str] = []
        self.compile_log = ""
        self.entry_symbol = "solve"
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
        self.gpu_key = ""  # the benchmark lock's name (runner/supervisor/gpulock.py)
        self.driver = None  # runner.common.cudadrv.Driver of this process (GPU arenas)
        self.calibration: list = []  # windows.Calibration per case (before user code)
        self.flush = None  # the L2 flush buffer (GPU)
        self.module_path: Path | None = None  # what the child loads (compiled, or the .py)
        self.profile: dict | None = None  # mode profile's result (runner/supervisor/profile.py)

    # -- events ------------------------------------------------------------------------------------
    def emit(self, event: dict) -> None:
        if self.on_event is None:
            return
        try:
            self.on_event(event)
        except Exception:  # noqa: BLE001 - a broken callback must not break the judgement
            pass

    # -- the whole flow ----------------------------------------------------------------------------
    def run(self) -> JudgeResult:
        t_start = time.monotonic()
        try:
            verdict, message = self._flow()
            extra: dict = {}
        except Verdict as v:
            verdict, message, extra = v.verdict, v.message, v.extra
            if extra.get("compile_log"):
                self.compile_log = (self.compile_log + "\n" + extra["compile_log"]).strip()
        finally:
            if self.child is not None:
                self.child.close()
            emulation.end_diagnostics(self)  # a diagnostics build still compiling ends first
        self.phases["total_s"] = time.monotonic() - t_start
        stdout, stderr, truncated, total_out = read_output(self.dir, self.limits.output_bytes)
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
            profile=self.profile,
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
                "buffers_owned_by": "supervisor (shared with the child, read back by the supervisor)",
                "outputs_zero_filled": True,
                "const_inputs_checked": True,
                "every_timed_call_checked": self.job.mode == "submit",
                "time_bounded_by_supervisor_clock": self.job.mode == "submit",
            }
        )
        if self.job.device == "cpu":
            p["cpu_time_accounting"] = self._cpu_accounting()
        return p

    def _cpu_accounting(self) -> dict:
        """Where the CPU device's bound reads the job's CPU time (runner/supervisor/cputime.py)."""
        if "cpu_time_from_proc" in self.flags:
            return {
                "active": False,
                "detail": "no job cgroup: /proc times of the child's process tree (children "
                "the kernel reaps by itself escape them)",
            }
        return {
            "active": True,
            "detail": "the job cgroup's CPU time (every task that ever ran in it, reaped or not)",
        }

    def _flow(self) -> tuple[str, str]:
        job = self.job
        if len(job.source.encode()) > self.limits.source_bytes:
            raise Verdict(
                "compile_error",
                f"The source is {len(job.source.encode())} bytes, more than the "
                f"{self.limits.source_bytes} byte limit.",
            )
        preparation.require_language_package(self)  # a worker without the language's package
        if job.mode == "profile":
            profile.require_available(self)  # before anything runs: no GPU, no ncu
        # Overlap the slow parts of a cold start: nvcc runs in a thread while the child
        # process starts (imports torch, creates its CUDA context) and this process imports
        # torch and loads the reference.
        t_spawn = time.monotonic()
        compiler = Background(lambda: preparation.prepare_source(self))
        emulation.start_diagnostics(self)  # an emulated Run's diagnostics build, beside it
        try:
            # the child starts beside the compile (on the CPU: emulated CUDA's native child)
            early = job.device == "cuda" or emulation.emulated(job)
            if early and self.child is None and self.spare is None:
                self.child = ChildProcess(self.job, self.dir, self.max_file_bytes())
            if job.device == "cuda":
                preparation.require_cuda(self)
            self._load_reference()
            if self.spare is not None:
                self.child = self._adopt_spare()
        finally:
            compiler.join()  # never delete the job dir under a running nvcc
        module_path = compiler.result()
        if job.device != "cuda" and not languages.language(job.language).runs_on(job.device):
            preparation.require_cuda(self)  # explains that this needs a GPU worker
        self.module_path = module_path
        if self.child is None:
            self.child = ChildProcess(self.job, self.dir, self.max_file_bytes())
        self.phases["start_s"] = time.monotonic() - t_spawn  # wall time until compiled+ready
        # the language's runtime before the calibration (outside the GPU lock): JAX's; Mojo's
        # in the torch child only (the native child of mode run has no calibration)
        if self.language.starts_runtime(self.child.native):
            self._start_language()
        if job.mode == "submit" and self.problem.benchmarks:
            self._calibrate()
        elif job.mode == "profile":
            self._calibrate([profile.main_case(self.problem, job.device)[0]])
        self.start_child(module_path)
        verdict, message = emulation.run_tests(self)  # functional.run_tests, diagnosed
        if verdict != "accepted" or job.mode == "run":
            return verdict, message
        if job.mode == "profile":
            return profile.run_profile(self, message)
        if self.problem.benchmarks:
            return benchmark.run_benchmark(self, message)
        return verdict, message

    @contextlib.contextmanager
    def exclusive_gpu(self, purpose: str) -> Iterator[None]:
        """The benchmark phase holds the GPU's benchmark lock (runner/supervisor/gpulock.py),
        so that supervisors sharing a GPU never time each other's kernels. The phases record
        the wait and how long it was held (``gpu_held_s``, and ``gpu_held_<purpose>_s``)."""
        if self.job.device != "cuda":
            yield
            return
        t0 = time.monotonic()
        with gpulock.exclusive_gpu(self.gpu_key, GPU_LOCK_TIMEOUT_S) as held:
            t_held = time.monotonic()
            self.phases["gpu_wait_s"] = self.phases.get("gpu_wait_s", 0.0) + t_held - t0
            if not held:
                self.flags.append("gpu_shared_during_benchmark")
            try:
                yield
            finally:
                # how long this judgement kept every other supervisor of the GPU waiting
                held_s = time.monotonic() - t_held
                for key in ("gpu_held_s", f"gpu_held_{purpose}_s"):
                    self.phases[key] = self.phases.get(key, 0.0) + held_s

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
            if spare.context_lock_s:  # the GPU lock its CUDA context took (while it booted)
                self.phases["spare_context_lock_s"] = spare.context_lock_s
            return child
        spare.discard(keep_dir=True)
        for name in (".kjpath", "child_boot.log", "stdout.txt", "stderr.txt"):
            path = self.dir / name
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
        return None

    # -- compile / load ----------------------------------------------------------------------------
    def _load_reference(self) -> None:
        from runner.supervisor.inputs import load_reference  # noqa: PLC0415

        self.reference = load_reference(self.problem)
        self.make_inputs = getattr(self.reference, "make_inputs", None)

    def max_file_bytes(self) -> int:
        most = self.limits.output_bytes * OUTPUT_HARD_FACTOR + (1 << 20)
        if self.language.compiles_in_child:
            return max(most, CHILD_COMPILE_FILE_BYTES)
        return most

    def param_list(self) -> list[dict]:
        return [
            {"name": p.name, "dtype": p.dtype, "role": p.role, "py_layout": p.py_layout}
            for p in self.problem.params
        ]

    def _calibrate(self, only: list[int] | None = None) -> None:
        """The clock's calibration windows of every benchmark case (``only``: of those cases),
        while the child holds no user code (runner/supervisor/clock.py); the benchmark lock is
        held while they run."""
        t0 = time.monotonic()
        self.flush = benchmark.flush_buffer(self)
        with self.exclusive_gpu("calibration"):
            self.calibration = windows.calibrate(self, self.flush, only)
        self.phases["clock_calibration_s"] = time.monotonic() - t0

    def _start_language(self) -> None:
        """The child starts the job's language runtime before any user code, so that the
        calibration's empty calls run on it (runner/child/torch_child.py, ``language``)."""
        t0 = time.monotonic()
        record = languages.language(self.job.language)
        where = f"while starting {record.title}"
        msg = {"op": "language", "language": record.name, "package": record.plugin}
        reply = self.ask(msg, self.limits.test_timeout_s + JIT_ALLOWANCE_S, where)
        self.phases["start_s"] = self.phases.get("start_s", 0.0) + time.monotonic() - t0
        if not reply.get("ok"):
            raise child_error_verdict(reply, where)

    def start_child(self, module_path: Path) -> None:
        t0 = time.monotonic()
        msg = {
            "op": "init",
            "device": self.job.device,
            "language": self.job.language,
            "package": languages.language(self.job.language).plugin,  # its child module's
            "params": self.param_list(),
            # LeetGPU's form with a torch.nn.Linear for two tensors, where the problem offers it
            "linear_module": asdict(lm) if (lm := self.problem.linear_module) else None,
            "module_path": str(module_path),
            "entry_symbol": self.entry_symbol,
            # applied by the child to itself before it loads user code (a spare child was
            # started before this job was known)
            "max_file_bytes": self.max_file_bytes(),
        }
        reply = self.ask(
            msg, self.limits.test_timeout_s + JIT_ALLOWANCE_S, "while loading the solution"
        )
        self.phases["start_s"] = self.phases.get("start_s", 0.0) + time.monotonic() - t0
        if not reply.get("ok"):
            raise child_error_verdict(reply, "while loading the solution")
        info = reply.get("device") or {}
        if self.job.device == "cpu":
            self.device_info.update(name=str(info.get("name", "cpu"))[:200])
            if emulation.emulated(self.job):  # the supervisor's own words, not the child's
                self.device_info.update(name=emulation.device_name(), emulation="cuda")
        elif info.get("name") and info.get("name") != self.device_info.get("name"):
            self.flags.append("child_device_name_mismatch")

    # -- talking to the child ----------------------------------------------------------------------
    def ask(self, msg: dict, timeout: float, where: str, fds: tuple[int, ...] = ()) -> dict:
        return self.ask_timed(msg, timeout, where, fds)[0]

    def ask_timed(
        self,
        msg: dict,
        timeout: float,
        where: str,
        fds: tuple[int, ...] = (),
        queue: Queue | None = None,
    ) -> tuple[dict, float]:
        spin = SPIN_S if msg.get("timed") and self.job.device == "cuda" else 0.0
        try:
            return self.child.request(msg, timeout, fds, spin, queue)
        except ChildTimeout:
            raise Verdict(
                "time_limit_exceeded",
                f"Time limit exceeded {where}: no answer within {timeout:g} s "
                f"(the process was killed).",
            ) from None
        except ChildDied as d:
            raise death_verdict(d, where, self.limits.job_timeout_s, self.dir) from None

    def buffers_for(self, scalars: dict, where: str, private_copy: bool = False) -> CaseBuffers:
        """A new arena for a case, shared with the child (which maps it and builds its
        arguments; ``private_copy``: from a copy of its own, mode profile only); the caller
        closes it."""
        bufs = CaseBuffers(self.problem, scalars, self.job.device, self.driver)
        fds = bufs.take_fds()
        msg = {**bufs.attach_message(), **({"private_copy": True} if private_copy else {})}
        try:
            reply = self.ask(msg, 60.0, where, fds)
        except BaseException:
            bufs.close()
            raise
        finally:
            for fd in fds:
                os.close(fd)
        if not reply.get("ok"):
            bufs.close()
            raise child_error_verdict(reply, where)
        return bufs


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
    result.tests = sanitize(result.tests)
    if result.benchmark:
        result.benchmark = sanitize(result.benchmark)
    return result
