import cupy as cp


# Q: input, cupy array, f32, shape [M x d]
# K: input, cupy array, f32, shape [N x d]
# V: input, cupy array, f32, shape [N x d]
# dO: input, cupy array, f32, shape [M x d]
# dQ: output, cupy array, f32, shape [M x d]
# dK: output, cupy array, f32, shape [N x d]
# dV: output, cupy array, f32, shape [N x d]
# Write the result into dQ, dK, dV in place.
def solve(Q: cp.ndarray, K: cp.ndarray, V: cp.ndarray, dO: cp.ndarray, dQ: cp.ndarray, dK: cp.ndarray, dV: cp.ndarray, M: int, N: int, d: int) -> None:
    pass
