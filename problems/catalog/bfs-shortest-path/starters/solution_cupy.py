import cupy as cp


# grid: input, cupy array, i32, shape [rows*cols]
# result: output, cupy array, i32, shape [1]
# Write the result into result in place.
def solve(grid: cp.ndarray, result: cp.ndarray, rows: int, cols: int, start_row: int, start_col: int, end_row: int, end_col: int) -> None:
    pass
