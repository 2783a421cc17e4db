import torch


def solve(A, B, C, N):
    torch.add(A, B, out=C)
