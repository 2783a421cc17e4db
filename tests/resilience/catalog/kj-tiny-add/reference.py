import torch


def reference(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, N: int) -> None:
    torch.add(A[:N], B[:N], out=C[:N])
