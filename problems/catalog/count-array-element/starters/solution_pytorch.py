import torch


# input: int32 tensor of length N; output: int32 tensor of length 1. Write output[0].
def solve(input: torch.Tensor, output: torch.Tensor, N: int, K: int) -> None:
    pass
