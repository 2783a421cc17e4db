import torch


def reference(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    x = input[:N].to(torch.float64)
    e = torch.exp(x - x.max())
    output[:N].copy_(e / e.sum())
