import torch
import torch.nn.functional as F


def solve(x, weight, bias, output, B, L, D, K):
    # Bug: the taps are not flipped, so weight[d][0] multiplies the oldest position.
    xc = F.pad(x.permute(0, 2, 1), (K - 1, 0))
    y = F.conv1d(xc, weight.reshape(D, 1, K), bias, groups=D)
    output.copy_(y.permute(0, 2, 1))
