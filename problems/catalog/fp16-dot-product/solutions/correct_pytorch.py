import torch


# Chunked partial sums in float64, then one rounding to f16.
def solve(A, B, result, N):
    prod = A.double() * B.double()
    pad = (-N) % 4096
    partial = torch.nn.functional.pad(prod, (0, pad)).view(-1, 4096).sum(dim=1)
    result.copy_(partial.sum().reshape(1).half())
