import torch


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    if case["variant"] != "dups":
        return {}
    # Sorted small integers 0..4: long runs of equal values inside and across A and B.
    a = torch.randint(0, 5, (case["M"],), generator=gen).sort().values.to(torch.float32)
    b = torch.randint(0, 5, (case["N"],), generator=gen).sort().values.to(torch.float32)
    return {"A": a.to(device), "B": b.to(device)}


def reference(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int) -> None:
    merged = torch.cat([A.reshape(-1)[:M], B.reshape(-1)[:N]]).sort().values
    C.reshape(-1)[: M + N].copy_(merged)
