"""The job a supervisor judges and the result it returns: versioned JSON contracts."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from runner.contract import languages
from runner.contract.expressions import SpecError, require_field
from runner.contract.params import Limits
from runner.contract.problem import ProblemSpec
from runner.contract.vocabulary import (
    DEVICES,
    MODES,
    SCHEMA_VERSION,
    VERDICTS,
)


@dataclass(frozen=True)
class JobSpec:
    problem: ProblemSpec
    source: str
    language: str
    mode: str = "submit"
    device: str = "cpu"
    seed: int = 0
    limits: Limits | None = None
    arch: str = "sm_90"
    job_id: str = ""
    # mode "profile": the trusted directory the report is copied to (it outlives the job's
    # own directory); empty: a new temporary directory
    output_dir: str = ""

    def __post_init__(self) -> None:
        if self.language not in languages.RECORDS:  # the registry as it is now (a test's too)
            names = ", ".join(languages.RECORDS)
            raise SpecError(f"language: {self.language!r} is not one of {names}")
        if self.mode not in MODES:
            raise SpecError(f"mode: {self.mode!r} is not one of {', '.join(MODES)}")
        if self.device not in DEVICES:
            raise SpecError(f"device: {self.device!r} is not one of {', '.join(DEVICES)}")
        if not isinstance(self.source, str):
            raise SpecError("source: must be a string")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise SpecError("seed: must be an integer")

    @property
    def effective_limits(self) -> Limits:
        return self.limits or self.problem.limits

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "problem": self.problem.to_dict(),
            "source": self.source,
            "language": self.language,
            "mode": self.mode,
            "device": self.device,
            "seed": self.seed,
            "limits": asdict(self.limits) if self.limits else None,
            "arch": self.arch,
            "job_id": self.job_id,
            "output_dir": self.output_dir,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> JobSpec:
        if not isinstance(data, Mapping):
            raise SpecError("job: must be an object")
        version = data.get("schema_version")
        if version != SCHEMA_VERSION:
            raise SpecError(
                f"schema_version: {version!r} is not supported (expected {SCHEMA_VERSION})"
            )
        try:
            problem = ProblemSpec.from_dict(require_field(data, "problem", "", dict))
        except SpecError as exc:
            raise SpecError(f"problem.{exc}") from None
        limits = data.get("limits")
        return cls(
            problem=problem,
            source=require_field(data, "source", "", str),
            language=require_field(data, "language", "", str),
            mode=data.get("mode", "submit"),
            device=data.get("device", "cpu"),
            seed=data.get("seed", 0),
            limits=Limits.from_dict(limits) if limits else None,
            arch=str(data.get("arch", "sm_90")),
            job_id=str(data.get("job_id", "")),
            output_dir=str(data.get("output_dir", "") or ""),
        )

    @classmethod
    def from_json(cls, text: str) -> JobSpec:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SpecError(f"job: not valid JSON ({exc})") from None
        return cls.from_dict(data)


@dataclass
class JudgeResult:
    verdict: str
    message: str
    compile_log: str = ""
    stdout: str = ""
    stderr: str = ""
    output_truncated: bool = False
    tests: list[dict[str, Any]] = field(default_factory=list)
    benchmark: dict[str, Any] | None = None
    profile: dict[str, Any] | None = None  # mode "profile" only (never a score)
    device: dict[str, Any] = field(default_factory=dict)
    phases: dict[str, float] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    protections: dict[str, Any] = field(default_factory=dict)
    details: str = ""
    schema_version: int = SCHEMA_VERSION

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise SpecError(f"verdict: {self.verdict!r} is not one of {', '.join(VERDICTS)}")

    @classmethod
    def internal_error(cls, message: str) -> JudgeResult:
        """The result of a job the judge itself could not finish (not the solution's fault)."""
        return cls(verdict="internal_error", message=message)

    @property
    def accepted(self) -> bool:
        return self.verdict == "accepted"

    @property
    def score_ms(self) -> float | None:
        if self.benchmark:
            return self.benchmark.get("score_ms")
        return None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> JudgeResult:
        if not isinstance(data, Mapping):
            raise SpecError("result: must be an object")
        version = data.get("schema_version", SCHEMA_VERSION)
        if version != SCHEMA_VERSION:
            raise SpecError(f"schema_version: {version!r} is not supported")
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise SpecError(f"{sorted(unknown)[0]}: unknown field")
        if "verdict" not in data or "message" not in data:
            raise SpecError("verdict: missing" if "verdict" not in data else "message: missing")
        return cls(**dict(data))

    @classmethod
    def from_json(cls, text: str) -> JudgeResult:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SpecError(f"result: not valid JSON ({exc})") from None
        return cls.from_dict(data)
