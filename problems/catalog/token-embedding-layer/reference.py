import torch


def reference(
    token_ids: torch.Tensor,
    position_ids: torch.Tensor,
    token_embeddings: torch.Tensor,
    position_embeddings: torch.Tensor,
    gamma: torch.Tensor,
    beta: torch.Tensor,
    output: torch.Tensor,
    B: int,
    T: int,
    V: int,
    P: int,
    D: int,
    eps: float,
) -> None:
    tok = token_embeddings.reshape(V, D)[token_ids.reshape(B, T).long()]
    pos = position_embeddings.reshape(P, D)[position_ids.reshape(T).long()]
    s = tok + pos.unsqueeze(0)
    mean = s.mean(dim=-1, keepdim=True)
    var = ((s - mean) ** 2).mean(dim=-1, keepdim=True)
    out = (s - mean) / torch.sqrt(var + eps) * gamma.reshape(D) + beta.reshape(D)
    output.view(B, T, D).copy_(out)


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    # Token ids uniform in [0, V), position ids uniform in [0, P); tables uniform in
    # [-0.3, 0.3), gamma in [0.8, 1.2), beta in [-0.1, 0.1).
    # Variants: "zero_tables" (both tables zero), "repeat" (one token id per batch row),
    # "arange" (position_ids = 0..T-1), "wide" (tables uniform in [-1, 1)).
    b, t, v, p, d = case["B"], case["T"], case["V"], case["P"], case["D"]
    variant = case.get("variant", "")
    token_ids = torch.randint(0, v, (b, t), generator=gen, dtype=torch.int64)
    if variant == "repeat":
        token_ids = token_ids[:, :1].expand(b, t).contiguous()
    if variant == "arange":
        position_ids = torch.arange(t, dtype=torch.int64)
    else:
        position_ids = torch.randint(0, p, (t,), generator=gen, dtype=torch.int64)
    half = 1.0 if variant == "wide" else 0.3
    tok = (torch.rand(v, d, generator=gen) * 2 - 1) * half
    pos = (torch.rand(p, d, generator=gen) * 2 - 1) * half
    if variant == "zero_tables":
        tok.zero_()
        pos.zero_()
    gamma = torch.rand(d, generator=gen) * 0.4 + 0.8
    beta = torch.rand(d, generator=gen) * 0.2 - 0.1
    tensors = {
        "token_ids": token_ids.to(torch.int32),
        "position_ids": position_ids.to(torch.int32),
        "token_embeddings": tok,
        "position_embeddings": pos,
        "gamma": gamma,
        "beta": beta,
    }
    return {name: x.to(device) for name, x in tensors.items()}
