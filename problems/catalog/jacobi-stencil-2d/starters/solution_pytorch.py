import torch


# input, output: float32 tensors of shape (rows, cols). Write into output.
def solve(input: torch.Tensor, output: torch.Tensor, rows: int, cols: int) -> None:
    pass
