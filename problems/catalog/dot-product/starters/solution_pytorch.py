import torch


# Tensors are on the device; write the result into result in place.
def solve(A: torch.Tensor, B: torch.Tensor, result: torch.Tensor, N: int) -> None:
    pass
