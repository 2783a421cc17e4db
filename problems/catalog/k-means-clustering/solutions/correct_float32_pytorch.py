import torch


# Distances in float32 (the explicit (x - cx)^2 + (y - cy)^2), per-cluster sums in float64,
# every new centroid rounded to float32. Runs all max_iterations iterations.
def _assign(x, y, cx, cy):
    out = torch.empty(x.numel(), dtype=torch.int64, device=x.device)
    step = max(1, (1 << 20) // cx.numel())
    for s in range(0, x.numel(), step):
        dx = x[s : s + step, None] - cx[None, :]
        dy = y[s : s + step, None] - cy[None, :]
        out[s : s + step] = torch.argmin(dx * dx + dy * dy, dim=1)
    return out


def solve(data_x, data_y, labels, initial_centroid_x, initial_centroid_y, final_centroid_x,
          final_centroid_y, sample_size, k, max_iterations):
    cx = initial_centroid_x.clone()
    cy = initial_centroid_y.clone()
    lab = None
    for _ in range(max_iterations):
        lab = _assign(data_x, data_y, cx, cy)
        counts = torch.zeros(k, dtype=torch.float64, device=cx.device)
        counts.index_add_(0, lab, torch.ones_like(data_x, dtype=torch.float64))
        sx = torch.zeros(k, dtype=torch.float64, device=cx.device).index_add_(0, lab, data_x.double())
        sy = torch.zeros(k, dtype=torch.float64, device=cx.device).index_add_(0, lab, data_y.double())
        has = counts > 0
        cx = torch.where(has, (sx / counts.clamp(min=1)).float(), cx)
        cy = torch.where(has, (sy / counts.clamp(min=1)).float(), cy)
    labels.copy_(lab.to(torch.int32))
    final_centroid_x.copy_(cx)
    final_centroid_y.copy_(cy)
