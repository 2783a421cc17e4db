import math

import torch


def solve(Q, K, V, dO, dQ, dK, dV, M, N, d):
    scale = 1.0 / math.sqrt(d)
    p = torch.softmax(Q @ K.t() * scale, dim=-1)
    dV.copy_(p.t() @ dO)
    # Bug: the softmax Jacobian is reduced to its diagonal, dS = P * dP (the row term that
    # keeps every row of dS summing to zero is dropped).
    ds = p * (dO @ V.t())
    dQ.copy_(ds @ K * scale)
    dK.copy_(ds.t() @ Q * scale)
