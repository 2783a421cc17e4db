"""Torch helpers shared by the supervisor and the child (no secrets here)."""

from __future__ import annotations

from collections.abc import Sequence

import torch

TORCH_DTYPES: dict[str, torch.dtype] = {
    "f32": torch.float32,
    "f16": torch.float16,
    "bf16": torch.bfloat16,
    "f8e4m3": torch.float8_e4m3fn,
    "i32": torch.int32,
    "u32": torch.uint32,
    "i8": torch.int8,
    "u8": torch.uint8,
}


def sample_index(starts: Sequence[int], run: int, device: str | torch.device) -> torch.Tensor:
    """Flat element indices of the runs of ``run`` elements beginning at ``starts``."""
    first = torch.tensor(list(starts), dtype=torch.int64, device=device)
    return (first[:, None] + torch.arange(run, dtype=torch.int64, device=device)).reshape(-1)


def gather_flat(t: torch.Tensor, index: torch.Tensor) -> torch.Tensor:
    """The elements of ``t`` at the flat positions ``index`` (a 1-D int64 tensor on its
    device). Gathered through a same-width integer view: neither CUDA indexing nor
    index_select implement every dtype (uint32, float8)."""
    flat = t.reshape(-1)
    view = {1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[flat.element_size()]
    return flat.view(view).index_select(0, index).view(flat.dtype)
