import torch


# Bug: torch.histc without min/max spreads the bins over the range of the data present
# (its min to its max) instead of over [0, num_bins), so the counts land in the wrong bins
# whenever the input does not reach both ends of the bin range.
def solve(input, histogram, N, num_bins):
    counts = torch.histc(input[:N].float(), bins=num_bins)
    histogram.copy_(counts.to(torch.int32))
