import cupy as cp


# logits: input, cupy array, f32, shape [B x V]
# u: input, cupy array, f32, shape [B]
# tokens: output, cupy array, i32, shape [B]
# Write the result into tokens in place.
def solve(logits: cp.ndarray, u: cp.ndarray, tokens: cp.ndarray, B: int, V: int, k: int, temperature: float) -> None:
    pass
