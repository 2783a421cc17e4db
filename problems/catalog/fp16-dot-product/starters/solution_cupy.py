import cupy as cp


# A, B: 1-D float16 cupy arrays; result: float16 cupy array of length 1.
def solve(A: cp.ndarray, B: cp.ndarray, result: cp.ndarray, N: int) -> None:
    pass
