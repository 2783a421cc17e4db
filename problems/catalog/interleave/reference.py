import torch


def reference(A: torch.Tensor, B: torch.Tensor, output: torch.Tensor, N: int) -> None:
    pairs = output.view(N, 2)
    pairs[:, 0] = A.reshape(-1)
    pairs[:, 1] = B.reshape(-1)
