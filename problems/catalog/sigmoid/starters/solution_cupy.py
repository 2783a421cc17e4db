import cupy as cp


# X and Y are 1-D float32 cupy arrays of length N on the device; write into Y.
def solve(X: cp.ndarray, Y: cp.ndarray, N: int) -> None:
    pass
