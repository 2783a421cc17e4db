import cupy as cp


# Q: input, cupy array, f32, shape [M x d]
# K: input, cupy array, f32, shape [M x d]
# V: input, cupy array, f32, shape [M x d]
# output: output, cupy array, f32, shape [M x d]
# Write the result into output in place.
def solve(Q: cp.ndarray, K: cp.ndarray, V: cp.ndarray, output: cp.ndarray, M: int, d: int, num_sinks: int, window_size: int) -> None:
    pass
