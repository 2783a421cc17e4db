import cupy as cp


# y_samples: input, cupy array, f32, shape [n_samples]
# result: output, cupy array, f32, shape [1]
# Write the result into result in place.
def solve(y_samples: cp.ndarray, result: cp.ndarray, a: float, b: float, n_samples: int) -> None:
    pass
