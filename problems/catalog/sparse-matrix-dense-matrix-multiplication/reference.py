import torch


def _mask_with_count(total: int, nnz: int, gen: torch.Generator) -> torch.Tensor:
    """A uniformly random boolean mask of `total` entries with exactly `nnz` set: independent
    draws with probability nnz/total, then a few random entries flipped to fix the count."""
    mask = torch.rand(total, generator=gen) < nnz / total
    diff = int(mask.sum()) - nnz
    while diff != 0:
        cand = torch.randint(0, total, (2 * abs(diff) + 16,), generator=gen)
        cand = torch.unique(cand[mask[cand] == (diff > 0)])
        cand = cand[torch.randperm(cand.numel(), generator=gen)][: abs(diff)]
        mask[cand] = diff < 0
        diff = int(mask.sum()) - nnz
    return mask


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    """A with exactly nnz non-zero entries at uniformly random positions.

    Values are uniform in [-1, 1) (variant "wide": [-10, 10)); variant "identity": A = I (needs
    M == N == nnz)."""
    M, N, nnz = case["M"], case["N"], case["nnz"]
    if case.get("variant") == "identity":
        return {"A": torch.eye(M, N, dtype=torch.float32).to(device)}
    span = 10.0 if case.get("variant") == "wide" else 1.0
    flat = torch.zeros(M * N, dtype=torch.float32)
    vals = (torch.rand(nnz, generator=gen) * 2 - 1) * span
    vals = torch.where(vals == 0, torch.full_like(vals, span / 2), vals)
    flat[_mask_with_count(M * N, nnz, gen)] = vals
    return {"A": flat.reshape(M, N).to(device)}


def reference(
    A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int, K: int, nnz: int
) -> None:
    C.view(M, K).copy_(A.reshape(M, N) @ B.reshape(N, K))
