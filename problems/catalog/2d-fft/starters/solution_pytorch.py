import torch


# signal: input, tensor, f32, shape [M x N x 2]
# spectrum: output, tensor, f32, shape [M x N x 2]
# Write the result into spectrum in place.
def solve(signal: torch.Tensor, spectrum: torch.Tensor, M: int, N: int) -> None:
    pass
