import cupy as cp


def solve(A: cp.ndarray, B: cp.ndarray, C: cp.ndarray, N: int) -> None:
    cp.add(A, B, out=C)
