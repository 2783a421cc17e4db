import torch


# Bug: concatenates A and B instead of interleaving them.
def solve(A: torch.Tensor, B: torch.Tensor, output: torch.Tensor, N: int) -> None:
    torch.cat((A, B), out=output)
