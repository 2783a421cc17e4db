import cupy as cp


# rewards: input, cupy array, f32, shape [B x G]
# log_pi: input, cupy array, f32, shape [B x G x S]
# log_pi_old: input, cupy array, f32, shape [B x G x S]
# log_ref: input, cupy array, f32, shape [B x G x S]
# output: output, cupy array, f32, shape [1]
# Write the result into output in place.
def solve(rewards: cp.ndarray, log_pi: cp.ndarray, log_pi_old: cp.ndarray, log_ref: cp.ndarray, output: cp.ndarray, clip_eps: float, beta: float, B: int, G: int, S: int) -> None:
    pass
