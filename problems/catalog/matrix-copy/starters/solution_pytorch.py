import torch


# A and B are (N, N) float32 tensors on the device; copy A into B.
def solve(A: torch.Tensor, B: torch.Tensor, N: int) -> None:
    pass
