import torch


def reference(
    input: torch.Tensor,
    gamma: float,
    beta: float,
    output: torch.Tensor,
    N: int,
    eps: float,
) -> None:
    x = input.reshape(-1)[:N]
    rms = torch.sqrt((x * x).mean() + eps)
    output.reshape(-1)[:N].copy_(gamma * (x / rms) + beta)
