# Adds one per element into the zero-filled histogram.
import torch


def solve(input: torch.Tensor, histogram: torch.Tensor, N: int, num_bins: int):
    ones = torch.ones(N, dtype=histogram.dtype, device=histogram.device)
    histogram.index_add_(0, input.long(), ones)
