import torch


def reference(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    x = input[:N].to(torch.float64)
    e = torch.exp(x - x.max())
    output[:N].copy_(e / e.sum())


def error_scale(input: torch.Tensor, N: int) -> torch.Tensor:
    # fp32 forward-error magnitude of each output, per unit roundoff and per sqrt(N) (the
    # problem's [error_bound] has k = N; statement.md, "Tolerance"): the sum of N positive
    # exponentials carries a relative rounding error that grows like sqrt(N) u in any order
    # (a random walk over the additions), and exp(x - max) adds |x - max| u (the rounding of
    # its argument) plus a few u for exp itself and the division. Both are relative to the
    # output, so the allowance is 2 u sqrt(N) |out| (1 + (|x - max| + 4) / sqrt(N)).
    x = input[:N].to(torch.float64)
    e = torch.exp(x - x.max())
    out = e / e.sum()
    return out * (1 + ((x - x.max()).abs() + 4) / max(N, 1) ** 0.5)
