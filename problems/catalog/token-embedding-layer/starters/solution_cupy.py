import cupy as cp


# token_ids: input, cupy array, i32, shape [B x T]
# position_ids: input, cupy array, i32, shape [T]
# token_embeddings: input, cupy array, f32, shape [V x D]
# position_embeddings: input, cupy array, f32, shape [P x D]
# gamma: input, cupy array, f32, shape [D]
# beta: input, cupy array, f32, shape [D]
# output: output, cupy array, f32, shape [B x T x D]
# Write the result into output in place.
def solve(token_ids: cp.ndarray, position_ids: cp.ndarray, token_embeddings: cp.ndarray, position_embeddings: cp.ndarray, gamma: cp.ndarray, beta: cp.ndarray, output: cp.ndarray, B: int, T: int, V: int, P: int, D: int, eps: float) -> None:
    pass
