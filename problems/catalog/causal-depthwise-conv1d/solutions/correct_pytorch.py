import torch
import torch.nn.functional as F


def solve(x, weight, bias, output, B, L, D, K):
    # Channels-first, left padding of K-1 zeros, and the taps flipped (conv1d correlates).
    xc = x.permute(0, 2, 1)
    xc = F.pad(xc, (K - 1, 0))
    w = torch.flip(weight, dims=[1]).reshape(D, 1, K)
    y = F.conv1d(xc, w, bias, groups=D)
    output.copy_(y.permute(0, 2, 1))
