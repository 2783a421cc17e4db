import torch
import torch.nn.functional as F


# a = first half, b = second half; out = a * gelu(b) with the exact erf form of GELU.
# Evaluated in float64: for b below about -3, 1 + erf(b / sqrt 2) cancels, and a float32
# reference would carry errors close to the tolerance itself.
def reference(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    half = N // 2
    x = input.reshape(-1).to(torch.float64)
    a, b = x[:half], x[half:]
    output.view(-1).copy_(a * F.gelu(b, approximate="none"))
