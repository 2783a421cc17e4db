import cupy as cp


# logits: input, cupy array, f32, shape [vocab_size]
# p: input, cupy array, f32, shape [1]
# seed: input, cupy array, i32, shape [1]
# sampled_token: output, cupy array, i32, shape [1]
# Write the result into sampled_token in place.
def solve(logits: cp.ndarray, p: cp.ndarray, seed: cp.ndarray, sampled_token: cp.ndarray, vocab_size: int) -> None:
    pass
