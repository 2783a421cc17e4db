import torch


# Bug: divides the sum by n_samples - 1 (the sample-variance habit) instead of n_samples;
# a single sample then gives an infinite result.
def solve(y_samples, result, a, b, n_samples):
    total = float(torch.sum(y_samples, dtype=torch.float64))
    denom = n_samples - 1
    result.fill_((b - a) * total / denom if denom else float("inf"))
