import cupy as cp


# x: input, cupy array, f32, shape [M x d_model]
# W_gate: input, cupy array, f32, shape [d_model x d_ffn]
# W_up: input, cupy array, f32, shape [d_model x d_ffn]
# W_down: input, cupy array, f32, shape [d_ffn x d_model]
# output: output, cupy array, f32, shape [M x d_model]
# Write the result into output in place.
def solve(x: cp.ndarray, W_gate: cp.ndarray, W_up: cp.ndarray, W_down: cp.ndarray, output: cp.ndarray, M: int, d_model: int, d_ffn: int) -> None:
    pass
