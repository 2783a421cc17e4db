import cupy as cp


# x, residual, out: (N, C) float32 cupy arrays; weight: (C,); eps: float. Write into out.
def solve(x: cp.ndarray, residual: cp.ndarray, weight: cp.ndarray, out: cp.ndarray, N: int,
          C: int, eps: float) -> None:
    pass
