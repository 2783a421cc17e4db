import torch


# X and Y are 1-D float32 tensors of length N on the device; write into Y.
def solve(X: torch.Tensor, Y: torch.Tensor, N: int) -> None:
    pass
