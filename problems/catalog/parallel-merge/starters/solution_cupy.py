import cupy as cp


# A (length M) and B (length N) are sorted float32 cupy arrays; write the merge into C.
def solve(A: cp.ndarray, B: cp.ndarray, C: cp.ndarray, M: int, N: int) -> None:
    pass
