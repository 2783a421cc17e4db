"""The speed baseline: PyTorch's own softmax in float32, the problem's precision (the reference
computes in float64 to be a correctness oracle, which is no fair speed comparison)."""

import torch

LABEL = "torch.softmax in float32"


def baseline(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    torch.softmax(input[:N], dim=0, out=output[:N])
