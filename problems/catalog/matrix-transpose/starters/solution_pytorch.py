import torch


# input is (rows, cols), output is (cols, rows); float32 tensors on the device.
def solve(input: torch.Tensor, output: torch.Tensor, rows: int, cols: int) -> None:
    pass
