import cupy as cp


# x: input, cupy array, f32, shape [B x L x D]
# weight: input, cupy array, f32, shape [D x K]
# bias: input, cupy array, f32, shape [D]
# output: output, cupy array, f32, shape [B x L x D]
# Write the result into output in place.
def solve(x: cp.ndarray, weight: cp.ndarray, bias: cp.ndarray, output: cp.ndarray, B: int, L: int, D: int, K: int) -> None:
    pass
