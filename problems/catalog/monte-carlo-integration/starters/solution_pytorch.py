import torch


# y_samples: input, tensor, f32, shape [n_samples]
# result: output, tensor, f32, shape [1]
# Write the result into result in place.
def solve(y_samples: torch.Tensor, result: torch.Tensor, a: float, b: float, n_samples: int) -> None:
    pass
