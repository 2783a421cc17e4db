import cupy as cp


# input: input, cupy array, i32, shape [N x M x K]
# output: output, cupy array, i32, shape [1]
# Write the result into output in place.
def solve(input: cp.ndarray, output: cp.ndarray, N: int, M: int, K: int, S_DEP: int, E_DEP: int, S_ROW: int, E_ROW: int, S_COL: int, E_COL: int) -> None:
    pass
