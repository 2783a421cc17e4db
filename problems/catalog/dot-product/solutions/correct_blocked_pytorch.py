import torch


# Products summed in rows of 1024 (float32), then the row sums.
def solve(A, B, result, N):
    p = torch.nn.functional.pad(A[:N] * B[:N], (0, (-N) % 1024))
    result.copy_(p.view(-1, 1024).sum(dim=1).sum().reshape(1))
