import torch

ACTIVE = 64  # non-zero probabilities per generated row (fewer when V is smaller)
MARGIN = 1e-4  # generated samples stay this far from every decision boundary


def _sparse_rows(n: int, V: int, gen: torch.Generator) -> tuple[torch.Tensor, torch.Tensor]:
    """n probability rows of length V (float64) with at most ACTIVE non-zero entries each, and
    one token per row drawn from its own row."""
    support = torch.randint(0, V, (n, ACTIVE), generator=gen)
    w = torch.rand(n, ACTIVE, generator=gen, dtype=torch.float64) + 0.05
    w = w / w.sum(dim=1, keepdim=True)
    rows = torch.zeros(n, V, dtype=torch.float64)
    rows.scatter_add_(1, support, w)
    pick = torch.multinomial(w, 1, generator=gen)
    return rows, support.gather(1, pick).squeeze(1)


def _decide(tokens, draft, target, u, B, T, V):
    """Accepted prefix length per sequence, alpha, the final-draw cumulative row and threshold."""
    p = draft.gather(2, tokens.long().unsqueeze(2)).squeeze(2).double()
    q = target.gather(2, tokens.long().unsqueeze(2)).squeeze(2).double()
    alpha = torch.clamp(q / p, max=1.0)
    accept = u[:, :T] < alpha
    n_acc = accept.to(torch.int64).cumprod(dim=1).sum(dim=1)  # [B]
    rejected = n_acc < T
    row = torch.where(rejected, n_acc, torch.full_like(n_acc, T - 1))
    bi = torch.arange(B, device=tokens.device)
    t_row = target[bi, row].double()
    d_row = draft[bi, row].double()
    resid = torch.clamp(t_row - d_row, min=0.0)
    s = resid.sum(dim=1, keepdim=True)
    resid = torch.where(s > 0, resid / torch.where(s > 0, s, 1.0), torch.full_like(resid, 1.0 / V))
    dist = torch.where(rejected.unsqueeze(1), resid, t_row)
    cum = torch.cumsum(dist, dim=1)
    return n_acc, alpha, cum


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    B, T, V = case["B"], case["T"], case["V"]
    variant = case.get("variant", "")
    draft, tokens = _sparse_rows(B * T, V, gen)
    if variant == "accept_all":
        target = draft.clone()
    else:
        other, _ = _sparse_rows(B * T, V, gen)
        # target = a mixture that mostly agrees with the draft (acceptance rate about 0.8)
        lam = 0.6 + 0.4 * torch.rand(B * T, 1, generator=gen, dtype=torch.float64)
        target = lam * draft + (1 - lam) * other
        if variant == "reject_first":
            # position 0 of every sequence: target unrelated to the draft
            first = torch.arange(B) * T
            target[first] = other[first]
    draft = draft.float().reshape(B, T, V)
    target = target.float().reshape(B, T, V)
    tokens = tokens.reshape(B, T).to(torch.int32)
    if variant == "reject_first":
        # the draft's most over-weighted token, so that q < p there
        tokens[:, 0] = (draft[:, 0] - target[:, 0]).argmax(dim=1).to(torch.int32)
    u = torch.rand(B, T + 1, generator=gen, dtype=torch.float64)
    if variant == "accept_all":
        u[:, :T] = 0.0
    # keep every acceptance test clear of its boundary alpha
    for _ in range(50):
        _, alpha, _ = _decide(tokens, draft, target, u, B, T, V)
        if variant == "reject_first":
            a0 = alpha[:, 0]
            u[:, 0] = a0 + (1 - a0) * (
                0.05 + 0.9 * torch.rand(B, generator=gen, dtype=torch.float64)
            )
        bad = ((u[:, :T] - alpha).abs() < MARGIN) & (alpha < 1)
        if not bool(bad.any()):
            break
        fresh = torch.rand(B, T, generator=gen, dtype=torch.float64)
        u[:, :T] = torch.where(bad, fresh, u[:, :T])
    # keep the final draw clear of every cumulative value of its distribution
    for _ in range(50):
        _, _, cum = _decide(tokens, draft, target, u, B, T, V)
        bad = (cum - u[:, T : T + 1]).abs().min(dim=1).values < MARGIN
        if not bool(bad.any()):
            break
        fresh = torch.rand(B, generator=gen, dtype=torch.float64)
        u[:, T] = torch.where(bad, fresh, u[:, T])
    return {
        "draft_tokens": tokens.to(device),
        "draft_probs": draft.to(device),
        "target_probs": target.to(device),
        "uniform_samples": u.float().to(device),
    }


def reference(
    draft_tokens: torch.Tensor,
    draft_probs: torch.Tensor,
    target_probs: torch.Tensor,
    uniform_samples: torch.Tensor,
    output_tokens: torch.Tensor,
    B: int,
    T: int,
    V: int,
) -> None:
    tokens = draft_tokens.reshape(B, T)
    draft = draft_probs.reshape(B, T, V)
    target = target_probs.reshape(B, T, V)
    u = uniform_samples.reshape(B, T + 1).double()
    n_acc, _, cum = _decide(tokens, draft, target, u, B, T, V)
    # first index whose cumulative probability reaches u[T], capped at V - 1
    final = (cum < u[:, T : T + 1]).sum(dim=1).clamp(max=V - 1)
    pos = torch.arange(T + 1, device=tokens.device).unsqueeze(0)
    padded = torch.cat(
        [tokens.long(), torch.zeros(B, 1, dtype=torch.long, device=tokens.device)], 1
    )
    out = torch.where(pos < n_acc.unsqueeze(1), padded, torch.zeros_like(padded))
    out = torch.where(pos == n_acc.unsqueeze(1), final.unsqueeze(1), out)
    output_tokens.view(B, T + 1).copy_(out.to(torch.int32))
