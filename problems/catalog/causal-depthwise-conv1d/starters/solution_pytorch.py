import torch


# x: input, tensor, f32, shape [B x L x D]
# weight: input, tensor, f32, shape [D x K]
# bias: input, tensor, f32, shape [D]
# output: output, tensor, f32, shape [B x L x D]
# Write the result into output in place.
def solve(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, output: torch.Tensor, B: int, L: int, D: int, K: int) -> None:
    pass
