import torch


def reference(data: torch.Tensor, N: int) -> None:
    flat = data.reshape(-1)[:N]
    flat.copy_(torch.sort(flat).values)
