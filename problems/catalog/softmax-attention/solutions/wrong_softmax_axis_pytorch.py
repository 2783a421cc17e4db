import math

import torch


# Bug: normalises over the queries (dim 0) instead of over the keys of each row (dim 1).
def solve(Q, K, V, output, M, N, d):
    q, k, v = Q.view(M, d), K.view(N, d), V.view(N, d)
    p = torch.softmax((q @ k.T) / math.sqrt(d), dim=0)
    torch.matmul(p, v, out=output.view(M, d))
