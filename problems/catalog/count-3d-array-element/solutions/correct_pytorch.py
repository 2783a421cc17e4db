import torch


def solve(input, output, N, M, K, P):
    output.fill_(int(torch.count_nonzero(input == P)))
