import torch
import torch.nn.functional as F


# Bug: splits the input into even and odd positions instead of first and second halves.
def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    a, b = input[0::2], input[1::2]
    output.copy_(F.silu(a) * b)
