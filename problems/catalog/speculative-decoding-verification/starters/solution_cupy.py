import cupy as cp


# draft_tokens: input, cupy array, i32, shape [B x T]
# draft_probs: input, cupy array, f32, shape [B x T x V]
# target_probs: input, cupy array, f32, shape [B x T x V]
# uniform_samples: input, cupy array, f32, shape [B x T + 1]
# output_tokens: output, cupy array, i32, shape [B x T + 1]
# Write the result into output_tokens in place.
def solve(draft_tokens: cp.ndarray, draft_probs: cp.ndarray, target_probs: cp.ndarray, uniform_samples: cp.ndarray, output_tokens: cp.ndarray, B: int, T: int, V: int) -> None:
    pass
