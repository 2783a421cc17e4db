import torch
import torch.nn.functional as F


# Sums the taps in blocks of 128: each block is its own float32 convolution and the partial
# results are added one block after another, an order unlike a single conv1d call.
def solve(input: torch.Tensor, kernel: torch.Tensor, output: torch.Tensor,
          input_size: int, kernel_size: int) -> None:
    n_out = input_size - kernel_size + 1
    output.zero_()
    for s in range(0, kernel_size, 128):
        e = min(kernel_size, s + 128)
        x = input[s:s + n_out + (e - s) - 1].view(1, 1, -1)
        output += F.conv1d(x, kernel[s:e].view(1, 1, -1)).view(-1)
