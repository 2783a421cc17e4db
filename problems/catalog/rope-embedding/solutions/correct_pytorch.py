import torch


def solve(Q, cos, sin, output, M, D):
    h = D // 2
    out = output.view(M, D)
    torch.addcmul(Q[:, :h] * cos[:, :h], Q[:, h:], sin[:, :h], value=-1.0, out=out[:, :h])
    torch.addcmul(Q[:, h:] * cos[:, h:], Q[:, :h], sin[:, h:], out=out[:, h:])
