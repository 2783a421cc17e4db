import torch


def reference(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, N: int) -> None:
    torch.add(A.reshape(N, N), B.reshape(N, N), out=C.view(N, N))
