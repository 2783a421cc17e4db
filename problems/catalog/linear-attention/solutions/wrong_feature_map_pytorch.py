import torch


# Bug: writes the feature map as where(x > 0, x, exp(x)) + 1, i.e. exp(x) + 1 on the negative
# side instead of exp(x).
def solve(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, output: torch.Tensor,
          M: int, d: int) -> None:
    def phi(x):
        return torch.where(x > 0, x, torch.exp(x)) + 1

    pq, pk = phi(Q), phi(K)
    state = pk.t() @ V
    z = pk.sum(dim=0)
    output.copy_((pq @ state) / (pq @ z)[:, None])
