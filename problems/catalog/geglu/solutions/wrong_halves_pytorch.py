import torch
import torch.nn.functional as F


# Bug: activates the first half and gates with the second (the SwiGLU convention), but GeGLU
# here applies GELU to the second half.
def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    a, b = input.chunk(2)
    output.copy_(F.gelu(a) * b)
