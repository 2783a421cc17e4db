import torch


# Accumulates shifted slices of the input, one kernel tap at a time, column by column
# (a different order from a library convolution); float32 throughout.
def solve(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols):
    x = input.view(input_rows, input_cols)
    k = kernel.view(kernel_rows, kernel_cols)
    out_r = input_rows - kernel_rows + 1
    out_c = input_cols - kernel_cols + 1
    y = output.view(out_r, out_c)
    y.zero_()
    for b in range(kernel_cols):
        for a in range(kernel_rows):
            y.add_(x[a : a + out_r, b : b + out_c] * k[a, b])
