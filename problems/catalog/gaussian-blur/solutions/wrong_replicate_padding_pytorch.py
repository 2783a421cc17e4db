import torch
import torch.nn.functional as F


# Bug: pads by replicating the edge pixels instead of with zeros.
def solve(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols):
    pr, pc = kernel_rows // 2, kernel_cols // 2
    x = F.pad(input.view(1, 1, input_rows, input_cols), (pc, pc, pr, pr), mode="replicate")
    k = kernel.view(1, 1, kernel_rows, kernel_cols)
    output.copy_(F.conv2d(x, k).reshape(-1))
