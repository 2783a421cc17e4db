import cupy as cp


# A, B, C are (N, N) float32 cupy arrays on the device; write A + B into C.
def solve(A: cp.ndarray, B: cp.ndarray, C: cp.ndarray, N: int) -> None:
    pass
