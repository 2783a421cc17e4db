import cupy as cp


# A, B, C are cupy arrays on the device; write the result into C.
def solve(A: cp.ndarray, B: cp.ndarray, C: cp.ndarray, N: int) -> None:
    pass
