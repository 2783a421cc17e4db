import torch


# Bug: takes the last k elements of an ascending sort, so the values come out smallest first.
def solve(input, output, N, k):
    output.copy_(torch.sort(input[:N]).values[N - k :])
