import torch


def solve(y_samples, result, a, b, n_samples):
    total = torch.sum(y_samples, dtype=torch.float64)
    result.fill_(float((b - a) * total / n_samples))
