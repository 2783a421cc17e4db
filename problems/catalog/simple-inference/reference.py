import torch


def reference(
    input: torch.Tensor,
    weight: torch.Tensor,
    bias: torch.Tensor,
    output: torch.Tensor,
    batch_size: int,
    input_size: int,
    output_size: int,
) -> None:
    x = input.reshape(batch_size, input_size)
    w = weight.reshape(output_size, input_size)
    out = x @ w.T + bias.reshape(1, output_size)
    output.view(batch_size, output_size).copy_(out)
