import math

import torch


def solve(Q, K, V, output, M, N, d, alpha):
    # Bug: the distance penalty -alpha*|i - j| instead of the signed +alpha*(i - j).
    i = torch.arange(M, device=Q.device, dtype=torch.float32).reshape(M, 1)
    j = torch.arange(N, device=Q.device, dtype=torch.float32).reshape(1, N)
    scores = Q @ K.t() / math.sqrt(d) - alpha * (i - j).abs()
    output.copy_(torch.softmax(scores, dim=-1) @ V)
