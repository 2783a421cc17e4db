import torch


def solve(input, histogram, N, num_bins):
    counts = torch.bincount(input[:N].long(), minlength=num_bins)[:num_bins]
    histogram.copy_(counts)
