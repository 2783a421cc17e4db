import torch


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    n = case["N"]
    if case["variant"] == "identity":
        return {"input": torch.eye(n, dtype=torch.float32, device=device)}
    if case["variant"] == "permutation":
        # A permutation matrix with entries +-1 and a few 2s: every power is exact in fp32.
        perm = torch.randperm(n, generator=gen)
        vals = torch.where(torch.rand(n, generator=gen) < 0.5, -1.0, 1.0)
        vals[:2] *= 2.0
        a = torch.zeros(n, n, dtype=torch.float32)
        a[torch.arange(n), perm] = vals
        return {"input": a.to(device)}
    return {}


def reference(input: torch.Tensor, output: torch.Tensor, N: int, P: int) -> None:
    # Binary exponentiation (repeated squaring) in the dtype handed in.
    base = input.reshape(N, N).clone()
    result = None
    p = P
    while p > 0:
        if p & 1:
            result = base.clone() if result is None else result @ base
        p >>= 1
        if p:
            base = base @ base
    output.view(N, N).copy_(result)
