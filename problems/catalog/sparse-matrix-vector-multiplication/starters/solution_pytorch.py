import torch


# Tensors are on the device; write the result into y in place.
def solve(A: torch.Tensor, x: torch.Tensor, y: torch.Tensor, M: int, N: int, nnz: int) -> None:
    pass
