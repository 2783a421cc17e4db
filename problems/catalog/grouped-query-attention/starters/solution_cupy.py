import cupy as cp


# Q: input, cupy array, f32, shape [num_q_heads x seq_len x head_dim]
# K: input, cupy array, f32, shape [num_kv_heads x seq_len x head_dim]
# V: input, cupy array, f32, shape [num_kv_heads x seq_len x head_dim]
# output: output, cupy array, f32, shape [num_q_heads x seq_len x head_dim]
# Write the result into output in place.
def solve(Q: cp.ndarray, K: cp.ndarray, V: cp.ndarray, output: cp.ndarray, num_q_heads: int, num_kv_heads: int, seq_len: int, head_dim: int) -> None:
    pass
