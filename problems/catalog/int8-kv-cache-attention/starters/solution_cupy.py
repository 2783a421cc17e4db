import cupy as cp


# Q: input, cupy array, f32, shape [num_heads x head_dim]
# K_int8: input, cupy array, i8, shape [num_heads x seq_len x head_dim]
# V_int8: input, cupy array, i8, shape [num_heads x seq_len x head_dim]
# k_scale: input, cupy array, f32, shape [num_heads x seq_len]
# v_scale: input, cupy array, f32, shape [num_heads x seq_len]
# output: output, cupy array, f32, shape [num_heads x head_dim]
# Write the result into output in place.
def solve(Q: cp.ndarray, K_int8: cp.ndarray, V_int8: cp.ndarray, k_scale: cp.ndarray, v_scale: cp.ndarray, output: cp.ndarray, num_heads: int, seq_len: int, head_dim: int) -> None:
    pass
