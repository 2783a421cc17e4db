import cupy as cp


# Arrays are cupy arrays on the device; write the result into C in place.
def solve(A: cp.ndarray, B: cp.ndarray, C: cp.ndarray, M: int, N: int, K: int, alpha: float,
          beta: float) -> None:
    pass
