import torch


# Bug: divides by N - 1 instead of N.
def solve(predictions, targets, mse, N):
    d = predictions[:N] - targets[:N]
    mse.copy_(((d * d).sum() / max(N - 1, 1)).reshape(1))
