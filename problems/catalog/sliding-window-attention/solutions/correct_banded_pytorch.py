import math

import torch


def solve(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, output: torch.Tensor,
          M: int, d: int, window_size: int) -> None:
    # Processes the queries in row blocks; each block only builds the scores against its key
    # band. Scores in float64 (see the statement), the rest too, one rounding at the end.
    w = window_size
    q, k, v = (x.view(M, d).double() for x in (Q, K, V))
    B = 256
    for r0 in range(0, M, B):
        r1 = min(M, r0 + B)
        k0, k1 = max(0, r0 - w), min(M, r1 + w)
        s = q[r0:r1] @ k[k0:k1].t() / math.sqrt(d)
        qi = torch.arange(r0, r1, device=s.device)[:, None]
        kj = torch.arange(k0, k1, device=s.device)[None, :]
        s = s.masked_fill((qi - kj).abs() > w, -math.inf)
        output[r0:r1].copy_(torch.softmax(s, dim=-1) @ v[k0:k1])
