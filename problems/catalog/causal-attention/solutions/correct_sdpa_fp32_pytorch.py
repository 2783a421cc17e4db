import torch
import torch.nn.functional as F


def solve(
    Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, output: torch.Tensor, M: int, d: int
) -> None:
    # Plain float32, as a public solution would be written: accepted because the judge allows
    # the fp32 rounding of the scores (statement, "Accuracy at large sizes").
    out = F.scaled_dot_product_attention(
        Q.view(1, M, d), K.view(1, M, d), V.view(1, M, d), is_causal=True
    )
    output.view(M, d).copy_(out[0])
