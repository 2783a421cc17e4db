import torch


def solve(input, weight, bias, output, batch_size, input_size, output_size):
    torch.addmm(bias, input, weight.t(), out=output)
