import cupy as cp


# x: input, cupy array, f32, shape [batch x d_in]
# W: input, cupy array, f32, shape [d_out x d_in]
# A: input, cupy array, f32, shape [rank x d_in]
# B: input, cupy array, f32, shape [d_out x rank]
# output: output, cupy array, f32, shape [batch x d_out]
# Write the result into output in place.
def solve(x: cp.ndarray, W: cp.ndarray, A: cp.ndarray, B: cp.ndarray, output: cp.ndarray, batch: int, d_in: int, d_out: int, rank: int, lora_scale: float) -> None:
    pass
