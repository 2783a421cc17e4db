import cupy as cp


# Arrays are cupy arrays on the device; write the result into result in place.
def solve(A: cp.ndarray, B: cp.ndarray, result: cp.ndarray, N: int) -> None:
    pass
