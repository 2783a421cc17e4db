import torch


# The library's float32 mean of the squared differences.
def solve(predictions, targets, mse, N):
    mse.copy_(torch.mean((predictions[:N] - targets[:N]) ** 2).reshape(1))
