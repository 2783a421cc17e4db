import torch


# Bug: uses the tanh identity but forgets to halve the argument: (1 + tanh(x)) / 2 is
# sigmoid(2x), not sigmoid(x).
def solve(X: torch.Tensor, Y: torch.Tensor, N: int) -> None:
    Y.copy_(0.5 * (1 + torch.tanh(X)))
