import math

import torch


def reference(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    output: torch.Tensor,
    seq_len: int,
    d_model: int,
    gamma: float,
) -> None:
    # Always computed in float64, with gamma rounded to the float32 value solve() receives.
    gamma = float(torch.tensor(gamma, dtype=torch.float32))
    q = Q.reshape(seq_len, d_model).to(torch.float64)
    k = K.reshape(seq_len, d_model).to(torch.float64)
    v = V.reshape(seq_len, d_model).to(torch.float64)
    n = torch.arange(seq_len, dtype=torch.float64, device=q.device).reshape(seq_len, 1)
    m = torch.arange(seq_len, dtype=torch.float64, device=q.device).reshape(1, seq_len)
    past = m <= n
    decay = torch.where(past, torch.pow(gamma, (n - m).clamp_min(0.0)), 0.0)
    weights = (q @ k.t()) / math.sqrt(d_model) * decay
    output.view(seq_len, d_model).copy_(weights @ v)
