import torch


def solve(input, gamma, beta, output, N, eps):
    inv = torch.rsqrt(torch.sum(input * input) / N + eps)
    torch.add(input * (gamma * inv), beta, out=output)
