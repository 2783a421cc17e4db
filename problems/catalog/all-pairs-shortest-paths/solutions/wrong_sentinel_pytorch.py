import torch


# Bug: replaces +inf by a large finite sentinel to avoid inf arithmetic, and returns the
# sentinel (not +inf) for unreachable pairs.
def solve(dist, output, N):
    big = 1.0e30
    d = torch.where(torch.isinf(dist.view(N, N)), torch.full_like(dist.view(N, N), big), dist.view(N, N))
    for k in range(N):
        d = torch.minimum(d, d[:, k, None] + d[None, k, :])
    output.copy_(d.reshape(-1))
