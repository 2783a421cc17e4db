import cupy as cp


# A, B, C: float16 cupy arrays; reshape with the scalars. Write into C.
def solve(A: cp.ndarray, B: cp.ndarray, C: cp.ndarray, BATCH: int, M: int, N: int,
          K: int) -> None:
    pass
