import torch


# Bug: eps is added after the square root instead of inside it.
def solve(input, gamma, beta, output, N, eps):
    rms = torch.sqrt((input * input).mean()) + eps
    output.copy_(gamma * input / rms + beta)
