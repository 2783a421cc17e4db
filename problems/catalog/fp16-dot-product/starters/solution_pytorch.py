import torch


# A, B: 1-D float16 tensors; result: float16 tensor of length 1. Write result[0].
def solve(A: torch.Tensor, B: torch.Tensor, result: torch.Tensor, N: int) -> None:
    pass
