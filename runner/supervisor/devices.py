"""Peak rates of known devices, for GB/s, fraction of peak and the physical floor.

Keys are matched as case-insensitive substrings of the device name reported by
``torch.cuda.get_device_name``. ``peak_bw`` is bytes/s, ``peak_flops`` FLOP/s (fp32, non
tensor-core), the tensor-core rates are dense (no sparsity), all from the data sheets. Where a measured copy bandwidth is known it is used instead of the nominal
figure (it is what a perfect memory-bound kernel can reach), and the nominal one is kept for
reference. The physical floor uses the *higher* of the two bandwidths so that a legitimate
kernel can never fall below it.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class DevicePeaks:
    name: str
    peak_bw: float  # bytes/s used for fraction of peak (measured copy bandwidth when known)
    nominal_bw: float  # bytes/s from the data sheet
    peak_flops: float  # FLOP/s, fp32 CUDA cores (the floor uses it; tensor cores are not counted
    # for fp32 problems, and TF32 is off in the reference)
    tf32_flops: float = 0.0  # dense TF32 tensor-core FLOP/s
    half_flops: float = 0.0  # dense fp16/bf16 tensor-core FLOP/s
    fp8_flops: float = 0.0  # dense fp8 tensor-core FLOP/s
    known: bool = True

    def to_dict(self) -> dict:
        return asdict(self)


# Order matters: the first matching key wins (put "h200" before "h100").
_TABLE: list[tuple[str, DevicePeaks]] = [
    ("h200", DevicePeaks("NVIDIA H200", 4.3e12, 4.8e12, 67e12, 495e12, 990e12, 1979e12)),
    ("h100 pcie", DevicePeaks("NVIDIA H100 PCIe", 1.8e12, 2.0e12, 51e12, 378e12, 756e12, 1513e12)),
    ("h100", DevicePeaks("NVIDIA H100 SXM", 3.0e12, 3.35e12, 67e12, 495e12, 990e12, 1979e12)),
    ("gh200", DevicePeaks("NVIDIA GH200", 3.6e12, 4.0e12, 67e12, 495e12, 990e12, 1979e12)),
    ("b200", DevicePeaks("NVIDIA B200", 7.2e12, 8.0e12, 80e12, 1150e12, 2250e12, 4500e12)),
    ("a100", DevicePeaks("NVIDIA A100", 1.7e12, 2.0e12, 19.5e12, 156e12, 312e12, 624e12)),
    ("l40s", DevicePeaks("NVIDIA L40S", 0.78e12, 0.864e12, 91.6e12)),
    ("l4", DevicePeaks("NVIDIA L4", 0.27e12, 0.3e12, 30.3e12)),
    ("a10", DevicePeaks("NVIDIA A10", 0.55e12, 0.6e12, 31.2e12)),
    ("rtx 4090", DevicePeaks("NVIDIA GeForce RTX 4090", 0.9e12, 1.008e12, 82.6e12)),
    ("t4", DevicePeaks("NVIDIA T4", 0.28e12, 0.32e12, 8.1e12)),
]

# Unknown GPU: deliberately generous peaks, so that the physical floor never rejects a real
# kernel (the floor is max(bytes/bw, flops/flops) and higher peaks make it lower).
FALLBACK_GPU = DevicePeaks("unknown GPU", 10e12, 10e12, 200e12, 2000e12, 4000e12, 8000e12, False)


def cpu_peaks(cores: int | None = None) -> DevicePeaks:
    """Generous CPU peaks (the floor must never reject a real kernel): per core 100 GB/s (data
    in cache: the CPU benchmark does not flush) and 200 GFLOP/s (two 16-lane fp32 FMA units at
    3 GHz and more)."""
    n = max(1, cores or os.cpu_count() or 1)
    return DevicePeaks(
        "CPU", n * 100e9, n * 100e9, n * 200e9, n * 200e9, n * 400e9, n * 400e9, False
    )


def lookup(name: str, kind: str = "cuda") -> DevicePeaks:
    if kind != "cuda":
        return cpu_peaks()
    low = (name or "").lower()
    for key, peaks in _TABLE:
        if key in low:
            return peaks
    return FALLBACK_GPU


def floor_rate(peaks: DevicePeaks, float_dtypes: set[str], fp32_arithmetic: str = "fp32") -> float:
    """The fastest arithmetic a correct solution of a problem may use, in FLOP/s.

    fp8 inputs: the fp8 tensor cores; fp16/bf16: the half-precision tensor cores; fp32 only:
    the fp32 rate, or the 3xTF32 split emulation (a third of the TF32 tensor rate, fp32-accurate
    enough for every catalog tolerance), whichever is higher; with ``fp32_arithmetic = "tf32"``
    the TF32 rate. Unknown rates fall back to 16x the fp32 rate."""
    fallback = 16 * peaks.peak_flops
    if "f8e4m3" in float_dtypes:
        return peaks.fp8_flops or fallback
    if float_dtypes & {"f16", "bf16"}:
        return peaks.half_flops or fallback
    tf32 = peaks.tf32_flops or fallback
    if fp32_arithmetic == "tf32":
        return tf32
    return max(peaks.peak_flops, tf32 / 3)


def floor_s(peaks: DevicePeaks, nbytes: float, flops: float, rate: float) -> float:
    """Smallest time (s) a correct implementation could take on this device: bytes over the
    higher of the measured and nominal bandwidths, flops over ``rate`` (:func:`floor_rate`)."""
    bw = max(peaks.peak_bw, peaks.nominal_bw)
    t = 0.0
    if nbytes > 0:
        t = max(t, nbytes / bw)
    if flops > 0 and rate > 0:
        t = max(t, flops / rate)
    return t


LAUNCH_TRIALS = 30  # tries of each one-operation call per round (launch_ms)
LAUNCH_PAUSE_S = 0.02  # between two rounds measured again
_launch_best = [math.inf]  # the least seen in this process (one device per process)


def launch_ms(again: int = 0) -> float:
    """The shortest time one GPU operation takes between two CUDA events on this device (ms):
    the least seen in this process of an empty kernel, a one-element fill and a four-byte
    device-to-device copy, each queued behind the lead-in spin so that its launch is off the
    clock, as a timed call's is. Every correct call puts one operation at least between its
    events (the supervisor zero-fills the outputs before it). One round of LAUNCH_TRIALS tries
    each at the first call, ``again`` more rounds (a pause before each) when asked, so that a
    figure taken under someone else's load can only come down. By a caller that holds the GPU;
    0.0 where it cannot be measured."""
    try:
        if _launch_best[0] == math.inf:
            _launch_best[0] = _one_operation_ms()
        for _ in range(again):
            time.sleep(LAUNCH_PAUSE_S)
            _launch_best[0] = min(_launch_best[0], _one_operation_ms())
    except Exception:  # noqa: BLE001 - no floor rather than a failed judgement
        return 0.0
    best = _launch_best[0]
    return best if math.isfinite(best) and best > 0 else 0.0


def _one_operation_ms() -> float:
    """One round of :func:`launch_ms` (inf without the lead-in spin)."""
    import torch  # noqa: PLC0415

    from runner.common import leadin  # noqa: PLC0415

    cycles = leadin.spin_cycles()
    if not cycles:
        return math.inf
    a, b = torch.ones(1, device="cuda"), torch.zeros(1, device="cuda")
    ops = (lambda: leadin.spin(1), b.zero_, lambda: b.copy_(a))
    start, end = (torch.cuda.Event(enable_timing=True) for _ in range(2))
    best = math.inf
    for _ in range(LAUNCH_TRIALS):
        for op in ops:
            leadin.spin(cycles)
            start.record()
            op()
            end.record()
            end.synchronize()
            best = min(best, start.elapsed_time(end))
    return best
