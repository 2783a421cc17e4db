import cupy as cp


# chosen_logps: input, cupy array, f32, shape [B]
# rejected_logps: input, cupy array, f32, shape [B]
# chosen_ref_logps: input, cupy array, f32, shape [B]
# rejected_ref_logps: input, cupy array, f32, shape [B]
# output: output, cupy array, f32, shape [1]
# Write the result into output in place.
def solve(chosen_logps: cp.ndarray, rejected_logps: cp.ndarray, chosen_ref_logps: cp.ndarray, rejected_ref_logps: cp.ndarray, output: cp.ndarray, beta: float, B: int) -> None:
    pass
