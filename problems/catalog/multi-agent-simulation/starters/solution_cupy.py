import cupy as cp


# agents: input, cupy array, f32, shape [4*N]
# agents_next: output, cupy array, f32, shape [4*N]
# Write the result into agents_next in place.
def solve(agents: cp.ndarray, agents_next: cp.ndarray, N: int) -> None:
    pass
