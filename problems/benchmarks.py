"""How a benchmark case is named for a device. A case's `name` describes its GPU sizes
("N = 25,000,000"); on the CPU device the runner uses `cpu_scalars` instead, so CPU pages
and results name the case by the sizes that actually ran ("N = 1,000,000")."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any


def _number(value: Any) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float) and value.is_integer() and abs(value) >= 1000:
        return f"{int(value):,}"
    return str(value)


def sizes_label(sizes: Mapping[str, Any]) -> str:
    """{"M": 256, "N": 256, "K": 64} -> "M = N = 256, K = 64" (equal sizes grouped, in order)."""
    groups: dict[str, list[str]] = {}
    for key, value in sizes.items():
        groups.setdefault(_number(value), []).append(key)
    return ", ".join(" = ".join([*keys, value]) for value, keys in groups.items())


def benchmark_case_label(case: Mapping[str, Any], device_kind: str) -> str:
    """The case's name on this device: its CPU sizes on the CPU (when it has cpu_scalars)."""
    cpu_scalars = case.get("cpu_scalars")
    if device_kind == "cpu" and isinstance(cpu_scalars, Mapping) and cpu_scalars:
        return sizes_label(cpu_scalars)
    return str(case.get("name", ""))


def benchmark_labels(spec: Mapping[str, Any] | None, device_kind: str) -> dict[str, str]:
    """Case name -> its label on the device, for a problem's spec."""
    cases = (spec or {}).get("benchmarks") or []
    return {
        str(c.get("name", "")): benchmark_case_label(c, device_kind)
        for c in cases
        if isinstance(c, Mapping)
    }


def benchmark_cases_summary(spec: Mapping[str, Any] | None, device_kinds: list[str]) -> str:
    """The problem page's list of cases: the CPU sizes alone on a CPU-only site, else each
    case's (GPU) name with its CPU sizes beside it where they differ."""
    cases = [c for c in (spec or {}).get("benchmarks") or [] if isinstance(c, Mapping)]
    cpu_only = all(kind == "cpu" for kind in device_kinds)
    parts = []
    for case in cases:
        name, cpu = str(case.get("name", "")), benchmark_case_label(case, "cpu")
        if cpu_only:
            parts.append(cpu)
        elif cpu != name:
            parts.append(f"{name} (CPU: {cpu})")
        else:
            parts.append(name)
    return "; ".join(parts)


BASELINE_LABEL = re.compile(r"^LABEL\s*=\s*[\"'](.+?)[\"']\s*$", re.M)


def baseline_label(spec: Mapping[str, Any] | None) -> str:
    """What a problem's speedups compare against, in words (as the runner decides it:
    runner/supervisor/reftime.py): its baseline.py's LABEL, else the reference where it
    computes in the problem's precision, else none (a float64 reference is no fair baseline)."""
    spec = spec or {}
    source = str(spec.get("baseline_source") or "")
    if source:
        found = BASELINE_LABEL.search(source)
        return found.group(1) if found else "the problem's baseline.py"
    if spec.get("reference_precision", "native") == "native":
        return "the reference (PyTorch, in the problem's precision)"
    return "none (the reference computes in float64, which is no fair speed comparison)"
