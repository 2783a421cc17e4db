import cupy as cp


# u: input, cupy array, f32, shape [batch x seq_len x d_model]
# delta: input, cupy array, f32, shape [batch x seq_len x d_model]
# A: input, cupy array, f32, shape [d_model x d_state]
# B: input, cupy array, f32, shape [batch x seq_len x d_state]
# C: input, cupy array, f32, shape [batch x seq_len x d_state]
# skip: input, cupy array, f32, shape [d_model]
# y: output, cupy array, f32, shape [batch x seq_len x d_model]
# Write the result into y in place.
def solve(u: cp.ndarray, delta: cp.ndarray, A: cp.ndarray, B: cp.ndarray, C: cp.ndarray, skip: cp.ndarray, y: cp.ndarray, batch: int, seq_len: int, d_model: int, d_state: int) -> None:
    pass
