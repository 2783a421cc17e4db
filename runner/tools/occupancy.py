"""Theoretical occupancy of a kernel from its resource usage, as the CUDA occupancy
calculator (cuda_occupancy.h) computes it.

Per-SM limits are the documented ones ("Technical Specifications per Compute Capability" in
the CUDA C++ Programming Guide, and the per-architecture tuning guides):

=========  ===========  =========  ==========  ===========  ===============  ==============
arch       max threads  max warps  max blocks  registers    shared per SM    shared / block
=========  ===========  =========  ==========  ===========  ===============  ==============
sm_80      2048         64         32          65536        164 KB           163 KB
sm_86      1536         48         16          65536        100 KB           99 KB
sm_89      1536         48         24          65536        100 KB           99 KB
sm_90      2048         64         32          65536        228 KB           227 KB
sm_100     2048         64         32          65536        228 KB           227 KB
=========  ===========  =========  ==========  ===========  ===============  ==============

Common to all of them: 32 threads a warp, at most 1024 threads a block, at most 255
registers a thread, registers allocated per warp in units of 256 from 4 sub-partitions
(16384 registers each), shared memory allocated in units of 128 bytes, and 1 KB of shared
memory reserved by the system for every resident block.

The shared memory per SM is the largest carveout: the driver picks a carveout big enough
for the kernel's occupancy unless the kernel asks for a smaller one
(cudaFuncAttributePreferredSharedMemoryCarveout), so this is the occupancy the hardware
allows, not necessarily the one a particular launch gets. Dynamic shared memory is the
caller's to pass (ptxas only reports static shared memory).

Pure Python, no import of anything else of the runner.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

KB = 1024


@dataclass(frozen=True)
class SMLimits:
    arch: str
    max_threads_per_sm: int
    max_warps_per_sm: int
    max_blocks_per_sm: int
    regs_per_sm: int
    smem_per_sm: int  # bytes, the largest carveout
    smem_per_block_optin: int  # bytes, the most one block may use (opt-in)
    warp_size: int = 32
    max_threads_per_block: int = 1024
    max_regs_per_thread: int = 255
    reg_alloc_unit: int = 256  # registers, per warp
    sub_partitions: int = 4
    smem_alloc_unit: int = 128  # bytes
    smem_reserved_per_block: int = 1 * KB

    def to_dict(self) -> dict:
        return asdict(self)


LIMITS: dict[str, SMLimits] = {
    "sm_80": SMLimits("sm_80", 2048, 64, 32, 65536, 164 * KB, 163 * KB),
    "sm_86": SMLimits("sm_86", 1536, 48, 16, 65536, 100 * KB, 99 * KB),
    "sm_89": SMLimits("sm_89", 1536, 48, 24, 65536, 100 * KB, 99 * KB),
    "sm_90": SMLimits("sm_90", 2048, 64, 32, 65536, 228 * KB, 227 * KB),
    "sm_100": SMLimits("sm_100", 2048, 64, 32, 65536, 228 * KB, 227 * KB),
}

DEFAULT_BLOCK_SIZES = (64, 128, 256, 512, 1024)


def limits_for(arch: str) -> SMLimits | None:
    """The limits of ``arch`` ("sm_90", "sm_90a", "compute_90", "90"), None when unknown."""
    m = re.fullmatch(r"(?:sm_|compute_)?(\d{2,3})[af]?", (arch or "").strip())
    return LIMITS.get(f"sm_{m.group(1)}") if m else None


def _ceil_to(value: int, unit: int) -> int:
    return -(-value // unit) * unit


@dataclass
class Occupancy:
    block_size: int
    registers: int
    shared_bytes: int  # per block: static + dynamic, without the system's reserve
    warps_per_block: int
    blocks_per_sm: int
    active_warps: int
    occupancy: float  # active warps / max warps per SM, 0..1
    limiter: str  # "warps", "blocks", "registers", "shared_memory", or why it cannot launch
    limits: dict  # blocks per SM allowed by each resource

    def to_dict(self) -> dict:
        return asdict(self)


def occupancy(
    arch: str | SMLimits,
    registers: int,
    block_size: int,
    shared_bytes: int = 0,
    dynamic_shared_bytes: int = 0,
) -> Occupancy:
    """Blocks and warps resident on one SM for a launch of ``block_size`` threads of a kernel
    using ``registers`` registers a thread and ``shared_bytes`` (+ ``dynamic_shared_bytes``)
    of shared memory a block. Raises ValueError for an unknown architecture."""
    lim = arch if isinstance(arch, SMLimits) else limits_for(arch)
    if lim is None:
        raise ValueError(f"no occupancy table for {arch!r} (known: {', '.join(LIMITS)})")
    smem = max(0, int(shared_bytes)) + max(0, int(dynamic_shared_bytes))
    regs = max(0, int(registers))
    warps = -(-max(1, int(block_size)) // lim.warp_size)
    limits: dict[str, int] = {}
    why = ""
    if block_size < 1 or block_size > lim.max_threads_per_block:
        why = f"block size must be 1..{lim.max_threads_per_block}"
    elif regs > lim.max_regs_per_thread:
        why = f"more than {lim.max_regs_per_thread} registers a thread"
    elif smem > lim.smem_per_block_optin:
        why = f"more than {lim.smem_per_block_optin} bytes of shared memory a block"
    if why:
        return Occupancy(block_size, regs, smem, warps, 0, 0, 0.0, "cannot launch: " + why, {})
    limits["blocks"] = lim.max_blocks_per_sm
    limits["warps"] = lim.max_warps_per_sm // warps
    if regs > 0:
        regs_per_warp = _ceil_to(regs * lim.warp_size, lim.reg_alloc_unit)
        per_partition = lim.regs_per_sm // lim.sub_partitions
        warps_by_regs = (per_partition // regs_per_warp) * lim.sub_partitions
        limits["registers"] = warps_by_regs // warps
        if regs * lim.warp_size * warps > lim.regs_per_sm:
            limits["registers"] = 0
    else:
        limits["registers"] = lim.max_blocks_per_sm
    smem_alloc = _ceil_to(smem + lim.smem_reserved_per_block, lim.smem_alloc_unit)
    limits["shared_memory"] = lim.smem_per_sm // smem_alloc if smem_alloc else lim.max_blocks_per_sm
    blocks = min(limits.values())
    # the first resource (in this order) that sets the minimum is the one named: a kernel
    # at the device's warp or block limit is not said to be limited by its registers
    order = ("warps", "blocks", "registers", "shared_memory")
    limiter = next(k for k in order if limits[k] == blocks)
    active = blocks * warps
    return Occupancy(
        block_size=block_size,
        registers=regs,
        shared_bytes=smem,
        warps_per_block=warps,
        blocks_per_sm=blocks,
        active_warps=active,
        occupancy=active / lim.max_warps_per_sm,
        limiter=limiter if blocks > 0 else f"cannot launch: {limiter}",
        limits=limits,
    )


def occupancy_table(
    arch: str,
    registers: int,
    shared_bytes: int = 0,
    block_sizes: tuple[int, ...] | list[int] | None = None,
    max_threads_per_block: int | None = None,
) -> list[dict]:
    """Occupancy for each block size (default 64..1024, or only the launch bound when the
    kernel declares one), as dicts; [] for an unknown architecture."""
    lim = limits_for(arch)
    if lim is None:
        return []
    if block_sizes is None:
        cap = max_threads_per_block or lim.max_threads_per_block
        block_sizes = [b for b in DEFAULT_BLOCK_SIZES if b <= cap]
        if max_threads_per_block and max_threads_per_block not in block_sizes:
            block_sizes.append(max_threads_per_block)
    return [occupancy(lim, registers, b, shared_bytes).to_dict() for b in block_sizes]
