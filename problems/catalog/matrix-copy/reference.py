import torch


def reference(A: torch.Tensor, B: torch.Tensor, N: int) -> None:
    B.view(N, N).copy_(A.reshape(N, N))
