import torch


# input and output are flat tensors of length N*N on the device; write into output.
def solve(input: torch.Tensor, output: torch.Tensor, N: int, P: int) -> None:
    pass
