"""Peak rates of known devices, for GB/s, fraction of peak and the physical floor.

Keys are matched as case-insensitive substrings of the device name reported by
``torch.cuda.get_device_name``. ``peak_bw`` is bytes/s, ``peak_flops`` FLOP/s (fp32, non
tensor-core). Where a measured copy bandwidth is known it is used instead of the nominal
figure (it is what a perfect memory-bound kernel can reach), and the nominal one is kept for
reference. The physical floor uses the *higher* of the two bandwidths so that a legitimate
kernel can never fall below it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class DevicePeaks:
    name: str
    peak_bw: float  # bytes/s used for fraction of peak (measured copy bandwidth when known)
    nominal_bw: float  # bytes/s from the data sheet
    peak_flops: float  # FLOP/s, fp32 CUDA cores (the floor uses it; tensor cores are not counted
    # for fp32 problems, and TF32 is off in the reference)
    known: bool = True
    floor_flops: float = 0.0  # FLOP/s used only for the physical floor: the fastest any
    # arithmetic could go (dense fp16/bf16 tensor cores), so that no legal kernel is rejected

    def to_dict(self) -> dict:
        return asdict(self)


# Order matters: the first matching key wins (put "h200" before "h100").
_TABLE: list[tuple[str, DevicePeaks]] = [
    ("h200", DevicePeaks("NVIDIA H200", 4.3e12, 4.8e12, 67e12, floor_flops=990e12)),
    ("h100 pcie", DevicePeaks("NVIDIA H100 PCIe", 1.8e12, 2.0e12, 51e12)),
    ("h100", DevicePeaks("NVIDIA H100 SXM", 3.0e12, 3.35e12, 67e12, floor_flops=990e12)),
    ("gh200", DevicePeaks("NVIDIA GH200", 3.6e12, 4.0e12, 67e12, floor_flops=990e12)),
    ("b200", DevicePeaks("NVIDIA B200", 7.2e12, 8.0e12, 80e12, floor_flops=2300e12)),
    ("a100", DevicePeaks("NVIDIA A100", 1.7e12, 2.0e12, 19.5e12)),
    ("l40s", DevicePeaks("NVIDIA L40S", 0.78e12, 0.864e12, 91.6e12)),
    ("l4", DevicePeaks("NVIDIA L4", 0.27e12, 0.3e12, 30.3e12)),
    ("a10", DevicePeaks("NVIDIA A10", 0.55e12, 0.6e12, 31.2e12)),
    ("rtx 4090", DevicePeaks("NVIDIA GeForce RTX 4090", 0.9e12, 1.008e12, 82.6e12)),
    ("t4", DevicePeaks("NVIDIA T4", 0.28e12, 0.32e12, 8.1e12)),
]

# Unknown GPU: deliberately generous peaks, so that the physical floor never rejects a real
# kernel (the floor is max(bytes/bw, flops/flops) and higher peaks make it lower).
FALLBACK_GPU = DevicePeaks("unknown GPU", 10e12, 10e12, 200e12, known=False)
# CPU: rough figures; the floor is not applied on the CPU device (see judging.md).
FALLBACK_CPU = DevicePeaks("CPU", 0.05e12, 0.05e12, 1e12, known=False)


def lookup(name: str, kind: str = "cuda") -> DevicePeaks:
    if kind != "cuda":
        return FALLBACK_CPU
    low = (name or "").lower()
    for key, peaks in _TABLE:
        if key in low:
            return peaks
    return FALLBACK_GPU


def floor_s(peaks: DevicePeaks, nbytes: float, flops: float) -> float:
    """Smallest time (s) a correct implementation could take on this device."""
    bw = max(peaks.peak_bw, peaks.nominal_bw)
    t = 0.0
    if nbytes > 0:
        t = max(t, nbytes / bw)
    if flops > 0:
        # never below the tensor-core rate (a default of 16x the fp32 rate when unknown)
        fl = max(peaks.floor_flops, 16 * peaks.peak_flops)
        t = max(t, flops / fl)
    return t
