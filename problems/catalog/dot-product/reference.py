import torch


def reference(A: torch.Tensor, B: torch.Tensor, result: torch.Tensor, N: int) -> None:
    total = torch.dot(A[:N].to(torch.float64), B[:N].to(torch.float64))
    result.copy_(total.reshape(1))
