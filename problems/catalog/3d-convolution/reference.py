import torch
import torch.nn.functional as F


def reference(
    input: torch.Tensor,
    kernel: torch.Tensor,
    output: torch.Tensor,
    input_depth: int,
    input_rows: int,
    input_cols: int,
    kernel_depth: int,
    kernel_rows: int,
    kernel_cols: int,
) -> None:
    # "valid" 3-D cross-correlation (no flip), always in float64 (no TF32 path).
    x = input.reshape(1, 1, input_depth, input_rows, input_cols).to(torch.float64)
    k = kernel.reshape(1, 1, kernel_depth, kernel_rows, kernel_cols).to(torch.float64)
    output.view(-1).copy_(F.conv3d(x, k).reshape(-1))
