import cupy as cp


# Q: input, cupy array, f32, shape [seq_len x d_model]
# K: input, cupy array, f32, shape [seq_len x d_model]
# V: input, cupy array, f32, shape [seq_len x d_model]
# output: output, cupy array, f32, shape [seq_len x d_model]
# Write the result into output in place.
def solve(Q: cp.ndarray, K: cp.ndarray, V: cp.ndarray, output: cp.ndarray, seq_len: int, d_model: int, gamma: float) -> None:
    pass
