import torch


def reference(A: torch.Tensor, B: torch.Tensor, result: torch.Tensor, N: int) -> None:
    total = torch.dot(A[:N].to(torch.float64), B[:N].to(torch.float64))
    result.copy_(total.reshape(1))


def error_scale(A: torch.Tensor, B: torch.Tensor, N: int) -> torch.Tensor:
    # fp32 forward-error magnitude of the sum, per unit roundoff and per sqrt(N) (the problem's
    # [error_bound] has k = N; statement.md, "Constraints"). The products have random signs, so
    # a partial sum of m of them spreads like sqrt(m / N) * sqrt(sum p^2) around its share of
    # the total; each addition rounds it by up to u times that, and the N - 1 roundings walk
    # like sqrt(N) u sqrt(sum p^2) in any order (the share of the total adds about u |sum p|,
    # inside rtol). A vanishing total therefore still gets the rounding its terms carry.
    p = A[:N].to(torch.float64) * B[:N].to(torch.float64)
    return p.square().sum().sqrt().reshape(1)
