import torch


# input: input, tensor, f32, shape [batch_size x input_size]
# weight: input, tensor, f32, shape [output_size x input_size]
# bias: input, tensor, f32, shape [output_size]
# output: output, tensor, f32, shape [batch_size x output_size]
# Write the result into output in place.
def solve(input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, output: torch.Tensor, batch_size: int, input_size: int, output_size: int) -> None:
    pass
