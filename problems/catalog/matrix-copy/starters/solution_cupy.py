import cupy as cp


# A and B are (N, N) float32 cupy arrays on the device; copy A into B.
def solve(A: cp.ndarray, B: cp.ndarray, N: int) -> None:
    pass
