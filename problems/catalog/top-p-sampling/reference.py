import torch

MARGIN = 1e-4  # generated cases keep the answer unchanged when p or u moves by this much


def uniform_from_seed(seed: int) -> float:
    """u in [0, 1) from the 32-bit seed: an integer hash, then its top 24 bits times 2^-24."""
    x = seed & 0xFFFFFFFF
    x ^= x >> 16
    x = (x * 0x7FEB352D) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * 0x846CA68B) & 0xFFFFFFFF
    x ^= x >> 16
    return (x >> 8) / 16777216.0


def _ranked(logits: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    # Tokens by logit, largest first; equal logits in one of the orders the tie rule accepts
    # (the smaller index first).
    logits = logits.to(torch.float64)
    order = torch.sort(logits, descending=True, stable=True).indices
    return order, torch.softmax(logits, dim=0)[order]


def _pick(order: torch.Tensor, c: torch.Tensor, p: float, u: float) -> int:
    # c: cumulative probabilities in ranked order.
    n = max(int((c < p).sum()) + 1, 1)  # the shortest prefix whose mass reaches p
    n = min(n, c.numel())
    threshold = u * float(c[n - 1])
    k = min(int((c[:n] <= threshold).sum()), n - 1)  # the first k with c_k > u * Z
    return int(order[k])


def reference(
    logits: torch.Tensor,
    p: torch.Tensor,
    seed: torch.Tensor,
    sampled_token: torch.Tensor,
    vocab_size: int,
) -> None:
    order, q = _ranked(logits.reshape(-1)[:vocab_size])
    u = uniform_from_seed(int(seed.reshape(-1)[0]))
    token = _pick(order, torch.cumsum(q, dim=0), float(p.reshape(-1)[0]), u)
    sampled_token.reshape(-1)[0] = token


def _logits(kind: str, args: list[str], n: int, gen: torch.Generator) -> torch.Tensor:
    if kind == "normal":  # normal:SCALE
        return torch.randn(n, generator=gen) * float(args[0])
    if kind == "uniform":  # uniform:LO:HI
        lo, hi = float(args[0]), float(args[1])
        return torch.rand(n, generator=gen) * (hi - lo) + lo
    if kind == "linspace":  # linspace:LO:HI, evenly spaced, then shuffled
        values = torch.linspace(float(args[0]), float(args[1]), n)
        return values[torch.randperm(n, generator=gen)]
    if kind == "spike":  # spike:HEIGHT, one logit HEIGHT at a random index, the rest 0
        x = torch.zeros(n)
        x[int(torch.randint(n, (1,), generator=gen))] = float(args[0])
        return x
    if kind == "levels":  # levels:K, integer logits 0..K-1 (many ties)
        return torch.randint(int(args[0]), (n,), generator=gen).to(torch.float32)
    if kind == "equal":
        return torch.zeros(n)
    raise ValueError(f"unknown variant {kind!r}")


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    """variant = KIND[:ARGS...]:P; the seed is drawn until the sampled token is stable."""
    if not case["variant"]:
        return {}
    *spec, p_text = case["variant"].split(":")
    n = case["vocab_size"]
    p = float(torch.tensor(float(p_text), dtype=torch.float32))
    for _ in range(100):
        logits = _logits(spec[0], spec[1:], n, gen).to(torch.float32)
        order, q = _ranked(logits)
        c = torch.cumsum(q, dim=0)
        for _ in range(50):
            seed = int(torch.randint(0, 2**31 - 1, (1,), generator=gen))
            u = uniform_from_seed(seed)
            picks = {
                _pick(order, c, min(max(pp, 1e-6), 1.0), min(max(uu, 0.0), 1.0 - 2**-24))
                for pp in (p - MARGIN, p, p + MARGIN)
                for uu in (u - MARGIN, u, u + MARGIN)
            }
            if len(picks) == 1:
                return {
                    "logits": logits.to(device),
                    "p": torch.tensor([p], dtype=torch.float32, device=device),
                    "seed": torch.tensor([seed], dtype=torch.int32, device=device),
                }
    raise RuntimeError("no stable seed found")
