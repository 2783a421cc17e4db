import torch


def reference(X: torch.Tensor, Y: torch.Tensor, N: int) -> None:
    torch.sigmoid(X, out=Y)
