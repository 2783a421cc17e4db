import torch


def solve(input, output, N, k):
    output.copy_(torch.sort(input[:N], descending=True).values[:k])
