import math

import torch


def solve(Q, K, V, output, M, d, num_sinks, window_size):
    i = torch.arange(M, device=Q.device).reshape(M, 1)
    j = torch.arange(M, device=Q.device).reshape(1, M)
    visible = (j <= i) & ((j < num_sinks) | (i - j < window_size))
    scores = (Q @ K.t() / math.sqrt(d)).masked_fill(~visible, float("-inf"))
    output.copy_(torch.softmax(scores, dim=-1) @ V)
