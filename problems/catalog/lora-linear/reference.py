import torch


def reference(
    x: torch.Tensor,
    W: torch.Tensor,
    A: torch.Tensor,
    B: torch.Tensor,
    output: torch.Tensor,
    batch: int,
    d_in: int,
    d_out: int,
    rank: int,
    lora_scale: float,
) -> None:
    xs = x.reshape(batch, d_in)
    base = xs @ W.reshape(d_out, d_in).T
    low = (xs @ A.reshape(rank, d_in).T) @ B.reshape(d_out, rank).T
    output.view(batch, d_out).copy_(base + lora_scale * low)
