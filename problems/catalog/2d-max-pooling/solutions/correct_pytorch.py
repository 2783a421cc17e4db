import torch


# Pads with -inf explicitly and takes the maximum over unfolded windows.
def solve(input, output, N, C, H, W, kernel_size, stride, padding):
    x = input.view(N * C, H, W)
    x = torch.nn.functional.pad(x, (padding, padding, padding, padding), value=float("-inf"))
    win = x.unfold(1, kernel_size, stride).unfold(2, kernel_size, stride)
    h_out = (H + 2 * padding - kernel_size) // stride + 1
    w_out = (W + 2 * padding - kernel_size) // stride + 1
    res = win.amax(dim=(-1, -2))[:, :h_out, :w_out]
    output.view(N * C, h_out, w_out).copy_(res)
