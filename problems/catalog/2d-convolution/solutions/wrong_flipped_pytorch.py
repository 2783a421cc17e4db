import torch
import torch.nn.functional as F


# Bug: flips the kernel (a true convolution) although the task is a cross-correlation.
def solve(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols):
    x = input.view(1, 1, input_rows, input_cols)
    k = kernel.view(1, 1, kernel_rows, kernel_cols).flip(2, 3)
    output.copy_(F.conv2d(x, k).reshape(-1))
