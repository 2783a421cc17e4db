import torch


def solve(input, output, N, K):
    output.copy_(torch.count_nonzero(input == K).to(torch.int32).reshape(1))
