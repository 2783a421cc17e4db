import torch


def reference(
    input: torch.Tensor,
    gamma: torch.Tensor,
    beta: torch.Tensor,
    output: torch.Tensor,
    N: int,
    C: int,
    eps: float,
) -> None:
    x = input.reshape(N, C)
    mu = x.mean(dim=0)
    centered = x - mu
    var = (centered * centered).mean(dim=0)  # biased: divide by N
    y = centered / torch.sqrt(var + eps) * gamma.reshape(C) + beta.reshape(C)
    output.view(N, C).copy_(y)
