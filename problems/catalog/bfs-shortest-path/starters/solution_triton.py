import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(grid_ptr, result_ptr, rows, cols, start_row, start_col, end_row, end_col, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# grid: input, tensor, i32, shape [rows*cols]
# result: output, tensor, i32, shape [1]
# Write the result into result in place.
def solve(grid: torch.Tensor, result: torch.Tensor, rows: int, cols: int, start_row: int, start_col: int, end_row: int, end_col: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(rows * cols, BLOCK),)
    solve_kernel[grid](grid, result, rows, cols, start_row, start_col, end_row, end_col, BLOCK=BLOCK)
