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


def error_scale(input: torch.Tensor, N: int, P: int) -> torch.Tensor:
    # fp32 forward-error magnitude of A^P (per unit roundoff and per sqrt(N); see statement.md,
    # "Accuracy at large sizes"). Every product X @ Y of the chain adds a rounding error of at
    # most ~ sqrt(N) * u * (|X| @ |Y|) (sum of |products|, the standard dot-product bound), and
    # an error E already in X (or Y) reaches the product as E @ Y: its entries are sums of
    # N terms of independent signs, so their size is the root-sum-square sqrt(E^2 @ Y^2), not
    # |E| @ |Y| (which would grow like |A|^P and say nothing for matrices with cancellation).
    # The scale is the elementwise maximum over three chains: A(A(A..)), ((AA)A).. and binary
    # exponentiation, so that any usual evaluation order is covered.
    a = input.reshape(N, N).to(torch.float64)

    def prod(x, ex, y, ey):
        local = x.abs() @ y.abs()
        prop = (ex * ex) @ (y * y) + (x * x) @ (ey * ey)
        return x @ y, local + prop.sqrt()

    zero = torch.zeros_like(a)
    scale = zero
    if P >= 2:
        right, er = a, zero
        left, el = a, zero
        for _ in range(P - 1):
            right, er = prod(right, er, a, zero)
            left, el = prod(a, zero, left, el)
        base, eb = a, zero
        res, eres = None, None
        p = P
        while p > 0:
            if p & 1:
                res, eres = (base, eb) if res is None else prod(res, eres, base, eb)
            p >>= 1
            if p:
                base, eb = prod(base, eb, base, eb)
        scale = torch.maximum(torch.maximum(er, el), eres)
    return scale
