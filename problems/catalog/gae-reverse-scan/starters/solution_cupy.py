import cupy as cp


# rewards: input, cupy array, f32, shape [B x S]
# values: input, cupy array, f32, shape [B x S]
# advantages: output, cupy array, f32, shape [B x S]
# Write the result into advantages in place.
def solve(rewards: cp.ndarray, values: cp.ndarray, advantages: cp.ndarray, gamma: float, lam: float, B: int, S: int) -> None:
    pass
