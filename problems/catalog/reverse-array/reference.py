import torch


def reference(input: torch.Tensor, N: int) -> None:
    x = input.view(-1)
    x.copy_(x.flip(0))  # flip returns a new tensor, so there is no aliasing
