"""Tensor <-> raw-bytes helpers shared by the supervisor and the child (no secrets here)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import torch

from runner.contract import FLOAT_DTYPES
from runner.supervisor.inputs import TORCH_DTYPES


def numel(shape: Sequence[int]) -> int:
    n = 1
    for d in shape:
        n *= int(d)
    return n


def to_bytes(t: torch.Tensor) -> np.ndarray:
    """The raw bytes of a tensor as a flat uint8 numpy array (copied to the host)."""
    t = t.detach().contiguous()
    if t.numel() == 0:
        return np.zeros(0, dtype=np.uint8)
    return t.reshape(-1).view(torch.uint8).cpu().numpy().copy()


def from_bytes(raw: np.ndarray, dtype: str, shape: Sequence[int], device="cpu") -> torch.Tensor:
    """Inverse of :func:`to_bytes`; ``raw`` must already have been size-checked."""
    n = numel(shape)
    if n == 0:
        return torch.empty(tuple(shape), dtype=TORCH_DTYPES[dtype], device=device)
    t = torch.from_numpy(np.ascontiguousarray(raw)).view(TORCH_DTYPES[dtype]).reshape(tuple(shape))
    return t.to(device) if str(device) != "cpu" else t.clone()


def sample_index(starts: Sequence[int], run: int, device: str | torch.device) -> torch.Tensor:
    """Flat element indices of the runs of ``run`` elements beginning at ``starts``."""
    first = torch.tensor(list(starts), dtype=torch.int64, device=device)
    return (first[:, None] + torch.arange(run, dtype=torch.int64, device=device)).reshape(-1)


def gather_flat(t: torch.Tensor, index: torch.Tensor) -> torch.Tensor:
    """The elements of ``t`` at the flat positions ``index`` (a 1-D int64 tensor on its
    device). uint32 goes through an int32 view: neither CUDA indexing nor index_select
    implement it."""
    flat = t.reshape(-1)
    if flat.dtype == torch.uint32:
        return flat.view(torch.int32).index_select(0, index).view(torch.uint32)
    return flat.index_select(0, index)


def poison_(t: torch.Tensor, dtype: str) -> None:
    """Fill an output buffer with values no correct kernel leaves behind."""
    if t.numel() == 0:
        return
    if dtype in FLOAT_DTYPES and dtype != "f8e4m3":
        t.fill_(float("nan"))
    else:
        t.view(torch.uint8).fill_(0x5A)
