import torch


# Bug: assumes OpenCV's BGR channel order, so the red and blue weights are swapped.
def solve(input: torch.Tensor, output: torch.Tensor, width: int, height: int) -> None:
    px = input.view(width * height, 3)
    output.copy_(0.114 * px[:, 0] + 0.587 * px[:, 1] + 0.299 * px[:, 2])
