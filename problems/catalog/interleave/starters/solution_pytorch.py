import torch


# A and B are 1-D float32 tensors of length N, output has length 2 * N; all on the device.
def solve(A: torch.Tensor, B: torch.Tensor, output: torch.Tensor, N: int) -> None:
    pass
