import torch


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    if case["variant"] != "signed_zeros":
        return {}
    # A mix of +0.0, -0.0 (both dropped), tiny positives (kept), and ordinary values.
    n = case["N"]
    pool = torch.tensor([0.0, -0.0, 1e-30, -1e-30, 1e-38, 0.5, -0.5, 2.0])
    picks = torch.randint(0, pool.numel(), (n,), generator=gen)
    return {"A": pool[picks].to(torch.float32).to(device)}


def reference(A: torch.Tensor, N: int, out: torch.Tensor) -> None:
    a = A.reshape(-1)[:N]
    kept = a[a > 0]  # boolean indexing keeps the original order
    o = out.reshape(-1)[:N]
    o.zero_()  # the tail after the kept elements is defined as 0.0
    o[: kept.numel()] = kept
