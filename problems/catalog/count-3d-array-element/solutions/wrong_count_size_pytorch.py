import torch


# Bug: compares against K (the size of the last dimension) instead of the value P.
def solve(input, output, N, M, K, P):
    output.fill_(int(torch.count_nonzero(input == K)))
