import torch


def reference(
    A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, BATCH: int, M: int, N: int, K: int
) -> None:
    a = A.reshape(BATCH, M, K).to(torch.float64)
    b = B.reshape(BATCH, K, N).to(torch.float64)
    C.view(-1).copy_(torch.bmm(a, b).reshape(-1))


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    if case.get("variant") != "identity":
        return {}
    batch, m, n, k = case["BATCH"], case["M"], case["N"], case["K"]
    a = torch.rand(batch, m, k, generator=gen) * 20 - 10
    b = torch.eye(k, n).expand(batch, k, n).contiguous()
    return {"A": a.to(device), "B": b.to(device)}
