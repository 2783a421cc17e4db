import torch


def reference(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    torch.clamp_min(input, 0, out=output)
