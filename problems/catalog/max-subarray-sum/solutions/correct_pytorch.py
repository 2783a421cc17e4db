import torch


# Sliding window: the first window's sum, then each next window adds input[s + w - 1] and
# drops input[s - 1]; the running sums come from one cumulative sum of those differences.
def solve(input, output, N, window_size):
    x = input.to(torch.int64)
    first = x[:window_size].sum()
    deltas = x[window_size:] - x[: N - window_size]
    sums = torch.cat([first.view(1), first + torch.cumsum(deltas, dim=0)])
    output.fill_(int(sums.max()))
