import torch


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    """flags for every case; variant = one_segment | each | fixed:L | random:MEAN."""
    n = case["N"]
    kind, _, arg = case["variant"].partition(":")
    if kind == "one_segment":
        flags = torch.zeros(n, dtype=torch.int32, device=device)
    elif kind == "each":
        flags = torch.ones(n, dtype=torch.int32, device=device)
    elif kind == "fixed":
        flags = (torch.arange(n, device=device) % int(arg) == 0).to(torch.int32)
    else:  # random segment lengths with the given mean (default 16)
        mean = float(arg) if arg else 16.0
        flags = (torch.rand(n, generator=gen) < 1.0 / mean).to(torch.int32).to(device)
    flags[0] = 1
    return {"flags": flags}


def reference(values: torch.Tensor, flags: torch.Tensor, output: torch.Tensor, N: int) -> None:
    v = values.reshape(-1)[:N].to(torch.float64)
    f = flags.reshape(-1)[:N]
    exclusive = torch.cumsum(v, 0) - v  # global exclusive prefix sums, in float64
    idx = torch.arange(N, device=v.device)
    start = torch.cummax(torch.where(f != 0, idx, torch.zeros_like(idx)), 0).values
    output.reshape(-1)[:N].copy_(exclusive - exclusive[start])
