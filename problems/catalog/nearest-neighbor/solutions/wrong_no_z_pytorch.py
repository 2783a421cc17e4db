import torch


# Bug: the distance uses only the x and y coordinates; z is left out.
def solve(points, indices, N):
    p = points.view(N, 3)
    for start in range(0, N, 1024):
        stop = min(N, start + 1024)
        diff = p[start:stop, None, :2] - p[None, :, :2]
        d = (diff * diff).sum(dim=2)
        r = torch.arange(start, stop, device=p.device)
        d[r - start, r] = float("inf")
        indices[start:stop] = d.argmin(dim=1).to(torch.int32)
