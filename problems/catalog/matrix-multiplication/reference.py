import torch


def make_inputs(case, gen, device):
    # "identity_B": B is the N x N identity (needs N == K), so C must equal A.
    if case.get("variant") == "identity_B":
        n = case["N"]
        return {"B": torch.eye(n, dtype=torch.float32, device=device)}
    return {}


def reference(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int, K: int) -> None:
    # Works on shaped or flat buffers and on float32 or float64 (upcast) tensors.
    a = A.reshape(M, N)
    b = B.reshape(N, K)
    C.view(M, K).copy_(torch.matmul(a, b))
