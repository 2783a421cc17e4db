import torch

# make_inputs keeps every u at least this far from every cumulative probability of its row,
# so that fp32 and float64 computations pick the same token.
GUARD = 1e-4


def _cumulative(logits: torch.Tensor, k: int, temperature: float):
    """The top-k indices (descending logit; equal logits in one of the orders the tie rule
    accepts, the lower index first) and their float64 CDF."""
    vals, idx = torch.sort(logits, dim=1, descending=True, stable=True)
    top = vals[:, :k].to(torch.float64)
    z = (top - top[:, :1]) / temperature
    p = torch.softmax(z, dim=1)
    return idx[:, :k], torch.cumsum(p, dim=1)


def reference(
    logits: torch.Tensor,
    u: torch.Tensor,
    tokens: torch.Tensor,
    B: int,
    V: int,
    k: int,
    temperature: float,
) -> None:
    ids, cdf = _cumulative(logits.reshape(B, V), k, temperature)
    above = cdf > u.reshape(B, 1).to(torch.float64)
    pos = torch.where(
        above.any(dim=1),
        above.to(torch.int32).argmax(dim=1),  # first position whose CDF exceeds u
        torch.full((B,), k - 1, dtype=torch.int64, device=logits.device),
    )
    tokens.view(B).copy_(ids.gather(1, pos.reshape(B, 1).to(torch.int64)).reshape(B))


def make_inputs(case, gen, device):
    B, V, k, temperature = case["B"], case["V"], case["k"], case["temperature"]
    variant = case.get("variant", "")
    if variant == "ties":
        logits = torch.randint(-3, 4, (B, V), generator=gen).to(torch.float32)
    else:
        logits = torch.randn(B, V, generator=gen) * 3.0
    u = torch.rand(B, generator=gen, dtype=torch.float64)
    _, cdf = _cumulative(logits, k, temperature)
    lower = torch.cat([torch.zeros(B, 1, dtype=torch.float64), cdf[:, :-1]], dim=1)
    width = cdf - lower
    for b in range(B):
        if bool(((cdf[b] - u[b]).abs() < GUARD).any()):
            # u is too close to a boundary: move it to the middle of its interval, or of the
            # widest interval when its own is too narrow.
            j = int(torch.searchsorted(cdf[b], u[b].reshape(1), right=True).clamp(max=k - 1))
            if width[b, j] < 4 * GUARD:
                j = int(width[b].argmax())
            u[b] = (lower[b, j] + cdf[b, j]) / 2
    return {"logits": logits.to(device), "u": u.to(torch.float32).to(device)}
