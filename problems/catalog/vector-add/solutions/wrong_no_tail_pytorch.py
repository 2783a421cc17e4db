import torch


# Bug: processes whole chunks of 256 only, so the tail is left unwritten.
def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, N: int) -> None:
    n = (N // 256) * 256
    torch.add(A[:n], B[:n], out=C[:n])
