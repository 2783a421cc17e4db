# Same-size blur through torch's conv2d with zero padding of half the kernel on each side.
import torch
import torch.nn.functional as F


def solve(
    input: torch.Tensor,
    kernel: torch.Tensor,
    output: torch.Tensor,
    input_rows: int,
    input_cols: int,
    kernel_rows: int,
    kernel_cols: int,
):
    image = input.view(1, 1, input_rows, input_cols)
    weight = kernel.view(1, 1, kernel_rows, kernel_cols)
    result = F.conv2d(image, weight, padding=(kernel_rows // 2, kernel_cols // 2))
    output.copy_(result.reshape(-1))
