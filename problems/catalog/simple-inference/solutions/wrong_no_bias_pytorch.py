import torch


# Bug: the bias vector is never added.
def solve(input, weight, bias, output, batch_size, input_size, output_size):
    torch.matmul(input, weight.t(), out=output)
