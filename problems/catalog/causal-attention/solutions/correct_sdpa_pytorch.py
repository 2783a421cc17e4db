import torch
import torch.nn.functional as F


def solve(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, output: torch.Tensor,
          M: int, d: int) -> None:
    # float64 scores: fp32 dot products of +-100 entries are far too coarse (see the statement).
    q, k, v = (x.view(1, M, d).double() for x in (Q, K, V))
    out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    output.view(M, d).copy_(out[0])
