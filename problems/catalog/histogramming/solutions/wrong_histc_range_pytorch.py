import torch


# Bug: bincount without minlength returns only max(input) + 1 counts; the bins above the
# largest value present are never written (the output buffer is not zeroed beforehand).
def solve(input, histogram, N, num_bins):
    counts = torch.bincount(input[:N].long())
    histogram[: counts.numel()].copy_(counts)
