import torch


# A, B, C are (N, N) float32 tensors on the device; write A + B into C.
def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, N: int) -> None:
    pass
