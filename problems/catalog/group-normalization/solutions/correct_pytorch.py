import torch


def solve(X, gamma, beta, Y, N, C, H, W, G, eps):
    Y.copy_(torch.nn.functional.group_norm(X, G, gamma, beta, eps))
