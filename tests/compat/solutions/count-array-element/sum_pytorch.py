# Adds the number of matches into the zero-filled output.
import torch


def solve(input: torch.Tensor, output: torch.Tensor, N: int, K: int):
    output += (input == K).sum().to(output.dtype)
