import torch

# points per distance block: keeps the [block, k] distance matrix at about 4M entries
BLOCK_ENTRIES = 1 << 22


def _assign(x: torch.Tensor, y: torch.Tensor, cx: torch.Tensor, cy: torch.Tensor) -> torch.Tensor:
    n, k = x.numel(), cx.numel()
    step = max(1, BLOCK_ENTRIES // k)
    labels = torch.empty(n, dtype=torch.int64, device=x.device)
    for s in range(0, n, step):
        dx = x[s : s + step, None] - cx[None, :]
        dy = y[s : s + step, None] - cy[None, :]
        # argmin returns the first minimum: ties go to the lowest centroid index
        labels[s : s + step] = torch.argmin(dx * dx + dy * dy, dim=1)
    return labels


def _cluster_sums(v: torch.Tensor, order: torch.Tensor, ends: torch.Tensor) -> torch.Tensor:
    # sums of v over each label's points: a running sum in label order, read at segment ends
    run = torch.cat([torch.zeros(1, dtype=v.dtype, device=v.device), torch.cumsum(v[order], 0)])
    starts = torch.cat([torch.zeros(1, dtype=ends.dtype, device=ends.device), ends[:-1]])
    return run[ends] - run[starts]


def reference(
    data_x: torch.Tensor,
    data_y: torch.Tensor,
    labels: torch.Tensor,
    initial_centroid_x: torch.Tensor,
    initial_centroid_y: torch.Tensor,
    final_centroid_x: torch.Tensor,
    final_centroid_y: torch.Tensor,
    sample_size: int,
    k: int,
    max_iterations: int,
) -> None:
    x = data_x.to(torch.float64)
    y = data_y.to(torch.float64)
    # centroids are float32 values: every update is the exact mean rounded to float32
    cx = initial_centroid_x.to(torch.float32).to(torch.float64)
    cy = initial_centroid_y.to(torch.float32).to(torch.float64)
    lab = None
    for _ in range(max_iterations):
        new = _assign(x, y, cx, cy)
        if lab is not None and torch.equal(new, lab):
            break  # the same assignment again: a fixed point, nothing changes any more
        lab = new
        counts = torch.bincount(lab, minlength=k)
        order = torch.argsort(lab, stable=True)
        ends = torch.cumsum(counts, 0)
        sx = _cluster_sums(x, order, ends)
        sy = _cluster_sums(y, order, ends)
        has = counts > 0
        denom = counts.clamp(min=1).to(torch.float64)
        cx = torch.where(has, (sx / denom).to(torch.float32).to(torch.float64), cx)
        cy = torch.where(has, (sy / denom).to(torch.float32).to(torch.float64), cy)
    labels.copy_(lab)
    final_centroid_x.copy_(cx)
    final_centroid_y.copy_(cy)


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    # variant "diagonal": initial centroids at (100, 100), (200, 200), ..., (100 k, 100 k);
    # variant "from_points": initial centroids are the first k data points (k <= sample_size).
    # Points are uniform in [0, extent)^2 with the extent read from the variant's suffix.
    variant = case.get("variant", "")
    if not variant:
        return {}
    n, k = case["sample_size"], case["k"]
    kind, _, extent = variant.partition(":")
    scale = float(extent) if extent else 1000.0
    x = torch.rand(n, generator=gen) * scale
    y = torch.rand(n, generator=gen) * scale
    if kind == "diagonal":
        c = torch.arange(1, k + 1, dtype=torch.float32) * 100
        cx, cy = c, c.clone()
    elif kind == "from_points":
        cx, cy = x[:k].clone(), y[:k].clone()
    else:
        raise ValueError(f"unknown variant {variant!r}")
    return {
        "data_x": x.to(device),
        "data_y": y.to(device),
        "initial_centroid_x": cx.to(device),
        "initial_centroid_y": cy.to(device),
    }
