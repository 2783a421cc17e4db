"""A language's trusted side: what the supervisor asks of a language, and where it finds it.

Each language is a plug-in (docs/languages/README.md): its contract record
(runner/contract/languages.py) names a package whose ``supervisor`` module holds ``LANGUAGE``,
an instance of a :class:`SupervisorLanguage` subclass, and whose ``child`` module is the
sandboxed child's side (runner/child/language.py). The supervisor never imports a child module,
nor the child a supervisor one. The defaults here are a Python language whose solution the child
imports as it is (PyTorch's plug-in is this class alone).

No hook runs user code; a plug-in's module is imported at a child's start (its environment) and
must stay cheap to import (no torch, no language package).
"""

from __future__ import annotations

import importlib
import importlib.metadata
from pathlib import Path
from typing import TYPE_CHECKING

from runner.contract import languages

if TYPE_CHECKING:
    from runner.contract import JobSpec
    from runner.supervisor.context import Judgement

PY_FILE = "solution.py"
OTHER_LANGUAGE_MESSAGE = (
    "Inspect shows the compiled kernels of CUDA C++ solutions; the kernels of a {language} "
    "solution are library kernels or are built while it runs, on a GPU host, so there is "
    "nothing to take apart before that."
)


class SupervisorLanguage:
    # the contract record's name ("triton")
    name: str = ""
    # Python distributions whose version a passing self-test reports, the first installed one
    # (runner/tools/selftest.py); none: no version
    distributions: tuple[str, ...] = ()
    # its runtime compiles kernels inside the child and caches them in the job folder (Triton's
    # cache, CuPy's, TileLang's nvcc output): the child may write files as large as
    # runner.supervisor.judgement.CHILD_COMPILE_FILE_BYTES
    compiles_in_child: bool = False
    # the devices on which a first call of new sizes may compile a kernel: every test, and a
    # benchmark case's warm-up calls, get the JIT allowance there (functional.call_timeout)
    jit_devices: tuple[str, ...] = ("cuda",)
    # timing settings (runner/supervisor/windows.py): the lead-in spin before a timed call on
    # a GPU (None: runner/common/leadin.py's LEAD_IN_MS), the most of the calibrated sync gap
    # a call's figures may show (None: windows.MAX_GAP_MS), the quantile of the calibration's
    # empty calls' gaps that sets it (0.5: their median), and whether the calibration's empty
    # calls copy the outputs as the timed calls do after their end event
    lead_in_ms: float | None = None
    max_gap_ms: float | None = None
    gap_quantile: float = 0.5
    calibration_copies_outputs: bool = False

    # -- availability ----------------------------------------------------------------------------
    def missing(self, job: JobSpec) -> str | None:
        """Why this worker cannot judge ``job`` (a package or compiler it lacks), before
        anything runs; None when it can."""
        return None

    def version(self) -> str:
        """The installed version of the first of ``distributions`` found ("" if none)."""
        for name in self.distributions:
            try:
                return importlib.metadata.version(name)
            except importlib.metadata.PackageNotFoundError:
                continue
        return ""

    def validated_on(self, device: str) -> bool:
        """Whether a package's validation judges this language's solutions on ``device``
        (runner/tools/validate.py)."""
        return languages.language(self.name).runs_on(device)

    def inspect_refusal(self) -> tuple[str, bool] | None:
        """Why inspect (runner/tools/inspect/) cannot take a solution apart, and whether a GPU
        host could; None when it can."""
        return OTHER_LANGUAGE_MESSAGE.format(language=self.name), False

    # -- the child -------------------------------------------------------------------------------
    def native_child(self, device: str, mode: str) -> bool:
        """Whether a job runs in the torch-free child (runner/child/native_child.py)."""
        return False

    def child_paths(self, device: str) -> tuple[list[str], list[Path]]:
        """(entries for every child's PYTHONPATH, folders it sees read-only) on ``device``."""
        return [], []

    def child_env(
        self, device: str, job_dir: Path, env: dict[str, str], native: bool
    ) -> tuple[dict[str, str], list[Path]]:
        """Settings in every child on ``device`` (a spare does not know its language yet; they
        change nothing for the other languages) and folders it sees read-only; ``env``: the
        environment so far, ``native``: the torch-free child."""
        return {}, []

    def job_env(self, device: str) -> dict[str, str]:
        """Settings only in a child that runs this language (and in a spare, which may)."""
        return {}

    def starts_runtime(self, native_child: bool) -> bool:
        """Whether the child starts the runtime (op ``language``) before the calibration, so
        that its empty calls run on it."""
        return False

    # -- the build -------------------------------------------------------------------------------
    def build(self, j: Judgement) -> Path:
        """The file the child loads (runs in a thread beside the child's start); raises a
        compile_error Verdict. The default: the source as ``solution.py``."""
        path = j.dir / PY_FILE
        path.write_text(j.job.source)
        j.phases["compile_s"] = 0.0
        return path


def plugin(name: str) -> SupervisorLanguage:
    """The trusted side of a registered language; KeyError for an unknown name."""
    record = languages.language(name)
    return importlib.import_module(f"{record.plugin}.supervisor").LANGUAGE


def every() -> list[SupervisorLanguage]:
    """Every registered language's trusted side, in the registry's order."""
    return [plugin(name) for name in languages.RECORDS]
