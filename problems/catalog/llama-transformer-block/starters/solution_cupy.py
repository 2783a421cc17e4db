import cupy as cp


# x: input, cupy array, f32, shape [seq_len x 512]
# output: output, cupy array, f32, shape [seq_len x 512]
# weights: input, cupy array, f32, shape [2819072]
# cos: input, cupy array, f32, shape [seq_len x 32]
# sin: input, cupy array, f32, shape [seq_len x 32]
# Write the result into output in place.
def solve(x: cp.ndarray, output: cp.ndarray, weights: cp.ndarray, cos: cp.ndarray, sin: cp.ndarray, seq_len: int) -> None:
    pass
