import torch


def reference(A: torch.Tensor, x: torch.Tensor, y: torch.Tensor, M: int, N: int, nnz: int) -> None:
    a = A.reshape(M, N).to(torch.float64)
    y.view(-1).copy_(a @ x.reshape(N).to(torch.float64))


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    # variant "sparse": exactly nnz non-zeros of A at random positions, values in [-10, 10);
    # x uniform in [-5, 5).
    if case.get("variant") != "sparse":
        return {}
    m, n, nnz = case["M"], case["N"], case["nnz"]
    a = torch.zeros(m * n, dtype=torch.float32)
    pos = torch.randperm(m * n, generator=gen)[:nnz]
    vals = torch.rand(nnz, generator=gen) * 20 - 10
    vals[vals == 0] = 1.0  # keep the count of non-zeros exact
    a[pos] = vals
    x = torch.rand(n, generator=gen) * 10 - 5
    return {"A": a.reshape(m, n).to(device), "x": x.to(device)}
