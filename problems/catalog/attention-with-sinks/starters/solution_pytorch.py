import torch


# Q: input, tensor, f32, shape [M x d]
# K: input, tensor, f32, shape [M x d]
# V: input, tensor, f32, shape [M x d]
# output: output, tensor, f32, shape [M x d]
# Write the result into output in place.
def solve(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, output: torch.Tensor, M: int, d: int, num_sinks: int, window_size: int) -> None:
    pass
