import torch


# Full distance matrix per block of query rows; the point itself is masked with +inf and
# argmin picks the first minimum (the lowest index).
def solve(points, indices, N):
    p = points.view(N, 3)
    for start in range(0, N, 1024):
        stop = min(N, start + 1024)
        diff = p[start:stop, None, :] - p[None, :, :]
        sq = diff * diff
        d = (sq[..., 0] + sq[..., 1]) + sq[..., 2]
        r = torch.arange(start, stop, device=p.device)
        d[r - start, r] = float("inf")
        indices[start:stop] = d.argmin(dim=1).to(torch.int32)
