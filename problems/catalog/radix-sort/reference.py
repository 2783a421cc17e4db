import torch


def reference(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    # Sort through int64 so the order is the unsigned one on every device and torch build.
    keys = input.reshape(-1)[:N].to(torch.int64)
    output.reshape(-1)[:N].copy_(torch.sort(keys).values.to(output.dtype))
