import torch


# sigmoid(x) = (1 + tanh(x / 2)) / 2, a different formula with the same value.
def solve(X: torch.Tensor, Y: torch.Tensor, N: int) -> None:
    torch.tanh(X * 0.5, out=Y)
    Y.add_(1.0).mul_(0.5)
