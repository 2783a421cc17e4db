import torch


# Bug: the slice stops one element early, so a match in the last position is missed.
def solve(input, output, N, K):
    output[0] = (input[: N - 1] == K).sum()
