"""Nsight Compute: the command line of a profile, and the per-kernel summary of its CSV.

``profile_command`` builds the ``ncu`` command line that collects the few metrics the
summary needs (``--clock-control none`` so that the clocks are the ones the judge times
with). ``parse_ncu_csv`` reads a CSV export of either page:

- ``ncu --csv --page raw`` (or ``ncu --import R.ncu-rep --csv --page raw``): one row per
  kernel launch, one column per metric, the second row holding the units;
- ``ncu --csv --page details``: one row per metric (``Section Name``, ``Metric Name``,
  ``Metric Unit``, ``Metric Value``); metrics asked for with ``--metrics`` appear under their
  own names, the Speed Of Light and Occupancy sections under their display names
  ("Duration", "DRAM Throughput", "L2 Cache Throughput", "Compute (SM) Throughput",
  "Achieved Occupancy").

and ``summarize`` turns each launch into: duration, DRAM and L2 throughput as a percentage of
peak, SM and tensor-pipe utilisation, achieved occupancy and the top warp-stall reasons.
``summarize_by_kernel`` aggregates launches of the same kernel. Metric names are those of
Nsight Compute's metrics reference (docs/profiling.md lists them).

Pure Python: no import of anything else of the runner, no GPU needed to parse.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import asdict, dataclass, field

DURATION = "gpu__time_duration.sum"
DRAM_PCT = "dram__throughput.avg.pct_of_peak_sustained_elapsed"
L2_PCT = "lts__throughput.avg.pct_of_peak_sustained_elapsed"
L2_BYTES_PCT = "lts__t_bytes.sum.pct_of_peak_sustained_elapsed"
SM_PCT = "sm__throughput.avg.pct_of_peak_sustained_elapsed"
TENSOR_HMMA_PCT = "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active"
TENSOR_GMMA_PCT = "sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active"
OCCUPANCY_PCT = "sm__warps_active.avg.pct_of_peak_sustained_active"
DRAM_BYTES = "dram__bytes.sum"
L2_BYTES = "lts__t_bytes.sum"

# Warp states of Nsight Compute's WarpStateStats section ("selected" is issuing, not a stall)
STALL_REASONS = (
    "barrier",
    "branch_resolving",
    "dispatch_stall",
    "drain",
    "imc_miss",
    "lg_throttle",
    "long_scoreboard",
    "math_pipe_throttle",
    "membar",
    "mio_throttle",
    "misc",
    "no_instructions",
    "not_selected",
    "short_scoreboard",
    "sleeping",
    "tex_throttle",
    "wait",
)
STALL_METRIC = "smsp__average_warps_issue_stalled_{}_per_issue_active.ratio"

PROFILE_METRICS = (
    DURATION,
    DRAM_PCT,
    L2_PCT,
    L2_BYTES_PCT,
    SM_PCT,
    TENSOR_HMMA_PCT,
    TENSOR_GMMA_PCT,
    OCCUPANCY_PCT,
    DRAM_BYTES,
    L2_BYTES,
    *(STALL_METRIC.format(r) for r in STALL_REASONS),
)

# the display names of the details page's sections, mapped to the metric they show
DISPLAY_NAMES = {
    "Duration": DURATION,
    "DRAM Throughput": DRAM_PCT,
    "L2 Cache Throughput": L2_PCT,
    "Compute (SM) Throughput": SM_PCT,
    "Achieved Occupancy": OCCUPANCY_PCT,
}

# Three families of stall metrics, best first: PC-sampling counts (Source Counters),
# warps stalled per issued instruction (WarpStateStats), average latency per warp.
_STALL_FAMILIES = (
    ("pc_samples", re.compile(r"^smsp__pcsamp_warps_issue_stalled_([a-z_]+?)(?:_not_issued)?$")),
    (
        "warps_per_issue",
        re.compile(r"^smsp__average_warps_issue_stalled_([a-z_]+?)_per_issue_active(?:\.ratio)?$"),
    ),
    (
        "latency_cycles",
        re.compile(r"^smsp__average_warp_latency_issue_stalled_([a-z_]+?)(?:\.ratio|\.sum)?$"),
    ),
)
_NOT_STALLS = {"selected"}

_TIME_UNITS = {
    "ns": 1.0,
    "nsecond": 1.0,
    "nsec": 1.0,
    "us": 1e3,
    "usecond": 1e3,
    "usec": 1e3,
    "ms": 1e6,
    "msecond": 1e6,
    "msec": 1e6,
    "s": 1e9,
    "second": 1e9,
    "sec": 1e9,
}
_BYTE_UNITS = {
    "byte": 1.0,
    "bytes": 1.0,
    "kbyte": 1e3,
    "mbyte": 1e6,
    "gbyte": 1e9,
    "tbyte": 1e12,
    "kibyte": 1024.0,
    "mibyte": 1024.0**2,
    "gibyte": 1024.0**3,
}
_ID_COLUMNS = {
    "ID": "id",
    "Kernel Name": "kernel",
    "Block Size": "block_size",
    "Grid Size": "grid_size",
    "Device": "device",
    "CC": "cc",
    "Stream": "stream",
    "Process ID": "pid",
}


class NcuCsvError(ValueError):
    """The text is not a CSV export of Nsight Compute."""


def profile_command(
    argv: list[str],
    *,
    ncu: str = "ncu",
    report: str | None = "report",
    kernel_regex: str | None = None,
    launch_skip: int = 0,
    launch_count: int | None = None,
    metrics: tuple[str, ...] | list[str] = PROFILE_METRICS,
    page: str = "raw",
    extra: tuple[str, ...] | list[str] = (),
) -> list[str]:
    """The ncu command line that profiles ``argv`` (the program that launches the kernels):
    ``ncu --clock-control none --csv --page raw --metrics M,... [-o report] [filters] --
    argv``. With ``report`` set, ncu writes ``report.ncu-rep`` (``-f`` overwrites) and
    ``import_command(report)`` prints its CSV; with ``report=None`` the CSV goes to stdout."""
    if page not in ("raw", "details"):
        raise ValueError("page must be 'raw' or 'details'")
    cmd = [
        ncu,
        "--clock-control",
        "none",
        "--csv",
        "--page",
        page,
        "--print-units",
        "base",
        "--metrics",
        ",".join(metrics),
    ]
    if report:
        cmd += ["-f", "-o", report]
    if kernel_regex:
        cmd += ["--kernel-name", f"regex:{kernel_regex}"]
    if launch_skip:
        cmd += ["--launch-skip", str(int(launch_skip))]
    if launch_count is not None:
        cmd += ["--launch-count", str(int(launch_count))]
    cmd += [*extra, "--", *argv]
    return cmd


def import_command(report: str, *, ncu: str = "ncu", page: str = "raw") -> list[str]:
    """The command line that prints the CSV of a report written by ``profile_command``."""
    path = report if report.endswith(".ncu-rep") else report + ".ncu-rep"
    return [ncu, "--import", path, "--csv", "--page", page, "--print-units", "base"]


# -- parsing ----------------------------------------------------------------------------------


def _number(text: str | None) -> float | None:
    if text is None:
        return None
    t = str(text).strip().replace(",", "").replace("%", "").strip()
    if not t or t.lower() in ("n/a", "nan", "-", "(!)"):
        return None
    try:
        return float(t)
    except ValueError:
        return None


def _csv_rows(text: str) -> list[list[str]]:
    """CSV rows from ncu's output, skipping the ``==PROF==`` / ``==WARNING==`` lines and
    whatever the profiled program printed before the header."""
    lines = text.splitlines()
    start = next((i for i, ln in enumerate(lines) if ln.startswith('"ID"')), None)
    if start is None:
        raise NcuCsvError('no ncu CSV header (a line starting with "ID") in the text')
    body = [ln for ln in lines[start:] if ln.strip() and not ln.startswith("==")]
    return list(csv.reader(io.StringIO("\n".join(body))))


@dataclass
class Launch:
    """One profiled kernel launch: identity columns and metric values in base units
    (durations in ns, bytes in bytes, percentages 0..100)."""

    id: str
    kernel: str
    block_size: str = ""
    grid_size: str = ""
    device: str = ""
    cc: str = ""
    metrics: dict[str, float | None] = field(default_factory=dict)
    units: dict[str, str] = field(default_factory=dict)


def _normalise(name: str, unit: str, value: float | None) -> float | None:
    if value is None:
        return None
    u = (unit or "").strip().lower()
    if name == DURATION or name.startswith("gpu__time_duration"):
        return value * _TIME_UNITS.get(u, 1.0)
    if name.endswith(".sum") and "bytes" in name:
        return value * _BYTE_UNITS.get(u, 1.0)
    return value


def parse_ncu_csv(text: str) -> list[Launch]:
    """The launches of an ncu CSV export (raw or details page), in the order of the file."""
    rows = _csv_rows(text)
    if not rows:
        return []
    header = rows[0]
    if "Metric Name" in header and "Metric Value" in header:
        return _parse_details(header, rows[1:])
    return _parse_raw(header, rows[1:])


def _ident(header: list[str], row: list[str]) -> dict:
    out = {}
    for col, key in _ID_COLUMNS.items():
        if col in header:
            i = header.index(col)
            out[key] = row[i] if i < len(row) else ""
    return out


def _parse_raw(header: list[str], rows: list[list[str]]) -> list[Launch]:
    units: list[str] = [""] * len(header)
    if rows and rows[0] and rows[0][0].strip() == "":  # the units row
        units = rows[0] + [""] * (len(header) - len(rows[0]))
        rows = rows[1:]
    out = []
    for row in rows:
        if not row or not row[0].strip():
            continue
        ident = _ident(header, row)
        launch = Launch(
            id=ident.get("id", ""),
            kernel=ident.get("kernel", ""),
            block_size=ident.get("block_size", ""),
            grid_size=ident.get("grid_size", ""),
            device=ident.get("device", ""),
            cc=ident.get("cc", ""),
        )
        for i, name in enumerate(header):
            if "__" not in name or i >= len(row):
                continue
            launch.units[name] = units[i]
            launch.metrics[name] = _normalise(name, units[i], _number(row[i]))
        out.append(launch)
    return out


def _parse_details(header: list[str], rows: list[list[str]]) -> list[Launch]:
    col = {name: i for i, name in enumerate(header)}
    by_id: dict[tuple[str, str], Launch] = {}
    for row in rows:
        if len(row) < len(header):
            row = row + [""] * (len(header) - len(row))
        ident = _ident(header, row)
        key = (ident.get("id", ""), ident.get("kernel", ""))
        launch = by_id.get(key)
        if launch is None:
            launch = by_id[key] = Launch(
                id=key[0],
                kernel=key[1],
                block_size=ident.get("block_size", ""),
                grid_size=ident.get("grid_size", ""),
                device=ident.get("device", ""),
                cc=ident.get("cc", ""),
            )
        name = row[col["Metric Name"]].strip()
        name = DISPLAY_NAMES.get(name, name)
        unit = row[col["Metric Unit"]] if "Metric Unit" in col else ""
        value = _normalise(name, unit, _number(row[col["Metric Value"]]))
        if name in launch.metrics and launch.metrics[name] is not None and value is None:
            continue  # a display name and its metric both present: keep the number
        launch.metrics[name] = value
        launch.units[name] = unit
    return list(by_id.values())


# -- the summary ------------------------------------------------------------------------------


def _first(metrics: dict, *names: str) -> float | None:
    for n in names:
        v = metrics.get(n)
        if v is not None:
            return v
    return None


def top_stalls(metrics: dict[str, float | None], n: int = 5) -> dict:
    """The ``n`` largest warp-stall reasons from the best family of stall metrics present:
    {"source": family, "reasons": [{reason, value, share}]}, share = value / sum of all
    stall reasons of that family ("selected", which is issuing, left out)."""
    for family, pattern in _STALL_FAMILIES:
        values: dict[str, float] = {}
        for name, value in metrics.items():
            m = pattern.match(name)
            if m and value is not None and m.group(1) not in _NOT_STALLS:
                values[m.group(1)] = values.get(m.group(1), 0.0) + value
        total = sum(values.values())
        if values and total > 0:
            ranked = sorted(values.items(), key=lambda kv: kv[1], reverse=True)[:n]
            return {
                "source": family,
                "reasons": [
                    {"reason": r, "value": v, "share": v / total} for r, v in ranked if v > 0
                ],
            }
    return {"source": None, "reasons": []}


@dataclass
class KernelSummary:
    kernel: str
    launches: int
    duration_ns: float | None  # one launch (the mean when aggregated)
    total_duration_ns: float | None
    dram_pct_of_peak: float | None
    l2_pct_of_peak: float | None
    sm_pct_of_peak: float | None
    tensor_pipe_pct: float | None
    achieved_occupancy_pct: float | None
    dram_bytes: float | None
    l2_bytes: float | None
    stalls: dict
    block_size: str = ""
    grid_size: str = ""
    ids: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


def summarize(launch: Launch) -> KernelSummary:
    m = launch.metrics
    tensor = [
        v
        for k, v in m.items()
        if v is not None and re.match(r"sm__pipe_tensor\w*_cycles_active\.avg\.pct_of_peak", k)
    ]
    duration = _first(m, DURATION)
    return KernelSummary(
        kernel=launch.kernel,
        launches=1,
        duration_ns=duration,
        total_duration_ns=duration,
        dram_pct_of_peak=_first(
            m, DRAM_PCT, "gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed"
        ),
        l2_pct_of_peak=_first(m, L2_PCT, L2_BYTES_PCT),
        sm_pct_of_peak=_first(m, SM_PCT),
        tensor_pipe_pct=max(tensor) if tensor else None,
        achieved_occupancy_pct=_first(m, OCCUPANCY_PCT),
        dram_bytes=_first(m, DRAM_BYTES),
        l2_bytes=_first(m, L2_BYTES),
        stalls=top_stalls(m),
        block_size=launch.block_size,
        grid_size=launch.grid_size,
        ids=[launch.id],
    )


def summarize_by_kernel(launches: list[Launch]) -> list[KernelSummary]:
    """One summary per kernel name, in order of first launch: durations summed (and their
    mean per launch), percentages weighted by each launch's duration, stall values averaged
    the same way before ranking."""
    groups: dict[str, list[Launch]] = {}
    for la in launches:
        groups.setdefault(la.kernel, []).append(la)
    out = []
    for kernel, group in groups.items():
        if len(group) == 1:
            out.append(summarize(group[0]))
            continue
        weights = [la.metrics.get(DURATION) or 0.0 for la in group]
        wsum = sum(weights)
        if wsum <= 0:
            weights, wsum = [1.0] * len(group), float(len(group))
        merged: dict[str, float | None] = {}
        names = {n for la in group for n in la.metrics}
        for n in names:
            pairs = [(la.metrics.get(n), w) for la, w in zip(group, weights, strict=True)]
            pairs = [(v, w) for v, w in pairs if v is not None]
            if not pairs:
                merged[n] = None
            elif n == DURATION or n.endswith(".sum") and "bytes" in n:
                merged[n] = sum(v for v, _ in pairs)
            else:
                tw = sum(w for _, w in pairs) or 1.0
                merged[n] = sum(v * w for v, w in pairs) / tw
        s = summarize(Launch(id=group[0].id, kernel=kernel, metrics=merged))
        total = merged.get(DURATION)
        s.launches = len(group)
        s.total_duration_ns = total
        s.duration_ns = total / len(group) if total is not None else None
        s.block_size, s.grid_size = group[0].block_size, group[0].grid_size
        s.ids = [la.id for la in group]
        out.append(s)
    return out


def summary_from_csv(text: str) -> list[dict]:
    """The per-kernel summaries (dicts) of an ncu CSV export."""
    return [s.to_dict() for s in summarize_by_kernel(parse_ncu_csv(text))]
