import torch


# Bug: applies the interleaved (GPT-J style) rotation, pairing element 2i with 2i + 1,
# instead of pairing j with j + D/2.
def solve(Q, cos, sin, output, M, D):
    q = Q.view(M, D // 2, 2)
    rotated = torch.stack([-q[..., 1], q[..., 0]], dim=-1).view(M, D)
    output.copy_(Q * cos + rotated * sin)
