import torch


# One kernel tap at a time over shifted views of the input (columns outermost, then rows,
# then planes): a different float32 summation order from a library convolution.
def solve(input, kernel, output, input_depth, input_rows, input_cols, kernel_depth, kernel_rows,
          kernel_cols):
    x = input.view(input_depth, input_rows, input_cols)
    k = kernel.view(kernel_depth, kernel_rows, kernel_cols)
    od = input_depth - kernel_depth + 1
    orr = input_rows - kernel_rows + 1
    oc = input_cols - kernel_cols + 1
    y = output.view(od, orr, oc)
    y.zero_()
    for b in range(kernel_cols):
        for a in range(kernel_rows):
            for p in range(kernel_depth):
                y.add_(x[p : p + od, a : a + orr, b : b + oc] * k[p, a, b])
