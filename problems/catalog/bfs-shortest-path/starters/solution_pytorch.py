import torch


# grid: input, tensor, i32, shape [rows*cols]
# result: output, tensor, i32, shape [1]
# Write the result into result in place.
def solve(grid: torch.Tensor, result: torch.Tensor, rows: int, cols: int, start_row: int, start_col: int, end_row: int, end_col: int) -> None:
    pass
