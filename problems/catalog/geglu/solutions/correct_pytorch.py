import math

import torch


def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    a, b = input.chunk(2)
    gelu = 0.5 * b * (1.0 + torch.erf(b / math.sqrt(2.0)))
    torch.mul(a, gelu, out=output)
