import cupy as cp


# A, out: 1-D float32 cupy arrays of length N. Write the compacted values; out arrives zero-filled.
def solve(A: cp.ndarray, N: int, out: cp.ndarray) -> None:
    pass
