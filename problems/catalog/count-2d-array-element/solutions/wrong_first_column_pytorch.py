import torch


# Bug: counts along the wrong axis and keeps only the first column's count.
def solve(input, output, N, M, K):
    per_column = torch.count_nonzero(input == K, dim=0)
    output.fill_(int(per_column[0]))
