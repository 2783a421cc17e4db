# Adds each chunk's share of the mean into the zero-filled output.
import torch


def solve(predictions: torch.Tensor, targets: torch.Tensor, mse: torch.Tensor, N: int):
    chunk = 1 << 22
    for start in range(0, N, chunk):
        diff = predictions[start : start + chunk] - targets[start : start + chunk]
        mse += (diff * diff).sum() / N
