import cupy as cp


# signal, spectrum: 1-D float32 cupy arrays of length 2*N holding interleaved (re, im) pairs.
def solve(signal: cp.ndarray, spectrum: cp.ndarray, N: int) -> None:
    pass
