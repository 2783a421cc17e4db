import torch


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    """cos/sin tables built "half-split": column j equals column j + D/2."""
    m, d = case["M"], case["D"]
    h = d // 2
    if case["variant"] == "angles":
        # Real rotation tables: theta[m, j] = m * 10000^(-2j/D).
        inv_freq = 10000.0 ** (-torch.arange(h, dtype=torch.float64) * 2.0 / d)
        theta = torch.arange(m, dtype=torch.float64)[:, None] * inv_freq[None, :]
        c, s = torch.cos(theta), torch.sin(theta)
        c, s = c.to(device), s.to(device)
    else:
        # Draw on the target device (seeded from gen) so large benchmark tables are cheap.
        dev_gen = torch.Generator(device=device)
        dev_gen.manual_seed(int(torch.randint(0, 2**62, (1,), generator=gen)))
        c = torch.randn(m, h, generator=dev_gen, dtype=torch.float32, device=device)
        s = torch.randn(m, h, generator=dev_gen, dtype=torch.float32, device=device)
    cos = torch.cat([c, c], dim=1).to(torch.float32)
    sin = torch.cat([s, s], dim=1).to(torch.float32)
    return {"cos": cos, "sin": sin}


def reference(
    Q: torch.Tensor,
    cos: torch.Tensor,
    sin: torch.Tensor,
    output: torch.Tensor,
    M: int,
    D: int,
) -> None:
    h = D // 2
    q = Q.reshape(M, D)
    # rotate_half(q) = [-q[:, h:], q[:, :h]]
    rotated = torch.cat([-q[:, h:], q[:, :h]], dim=1)
    out = q * cos.reshape(M, D) + rotated * sin.reshape(M, D)
    output.view(M, D).copy_(out)
