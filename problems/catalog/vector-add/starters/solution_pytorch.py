import torch


# A, B, C are tensors on the device; write the result into C.
def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, N: int) -> None:
    pass
