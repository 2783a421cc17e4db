import cupy as cp


# advantages: input, cupy array, f32, shape [B x S]
# log_pi: input, cupy array, f32, shape [B x S]
# log_pi_old: input, cupy array, f32, shape [B x S]
# output: output, cupy array, f32, shape [1]
# Write the result into output in place.
def solve(advantages: cp.ndarray, log_pi: cp.ndarray, log_pi_old: cp.ndarray, output: cp.ndarray, clip_eps: float, B: int, S: int) -> None:
    pass
