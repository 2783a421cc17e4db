import cupy as cp


# signal: input, cupy array, f32, shape [M x N x 2]
# spectrum: output, cupy array, f32, shape [M x N x 2]
# Write the result into spectrum in place.
def solve(signal: cp.ndarray, spectrum: cp.ndarray, M: int, N: int) -> None:
    pass
