import cupy as cp


# Q: input, cupy array, f32, shape [M x H x D]
# K: input, cupy array, f32, shape [N x H x D]
# V: input, cupy array, f32, shape [N x H x D]
# output: output, cupy array, f32, shape [M x H x D]
# Write the result into output in place.
def solve(Q: cp.ndarray, K: cp.ndarray, V: cp.ndarray, output: cp.ndarray, M: int, N: int, H: int, D: int) -> None:
    pass
