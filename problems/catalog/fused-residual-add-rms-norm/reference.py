import torch


def reference(
    x: torch.Tensor,
    residual: torch.Tensor,
    weight: torch.Tensor,
    out: torch.Tensor,
    N: int,
    C: int,
    eps: float,
) -> None:
    z = x.reshape(N, C) + residual.reshape(N, C)
    rms = torch.sqrt((z * z).mean(dim=1, keepdim=True) + eps)
    out.view(N, C).copy_(z / rms * weight.reshape(1, C))
