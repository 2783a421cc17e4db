import cupy as cp


# Arrays are cupy arrays on the device; write the result into output in place.
def solve(input: cp.ndarray, kernel: cp.ndarray, output: cp.ndarray, input_depth: int,
          input_rows: int, input_cols: int, kernel_depth: int, kernel_rows: int, kernel_cols: int) -> None:
    pass
