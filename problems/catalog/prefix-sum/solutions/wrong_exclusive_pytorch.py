import torch


# Bug: computes an exclusive scan (output[i] = sum of the elements before i).
def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    output[0] = 0.0
    if N > 1:
        output[1:N].copy_(torch.cumsum(input[: N - 1], dim=0))
