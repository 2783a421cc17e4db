import torch
import torch.nn.functional as F


# Bug: treats each kernel plane as column-major (swaps the kernel's row and column axes).
def solve(input, kernel, output, input_depth, input_rows, input_cols, kernel_depth, kernel_rows,
          kernel_cols):
    x = input.view(1, 1, input_depth, input_rows, input_cols)
    k = kernel.view(kernel_depth, kernel_cols, kernel_rows).transpose(1, 2)
    y = F.conv3d(x, k.reshape(1, 1, kernel_depth, kernel_rows, kernel_cols))
    output.view(-1).copy_(y.reshape(-1))
