import torch
import torch.nn.functional as F


# x for x > 0, 0.01 * x otherwise (the slope is fixed).
def reference(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    output.copy_(F.leaky_relu(input, negative_slope=0.01))
