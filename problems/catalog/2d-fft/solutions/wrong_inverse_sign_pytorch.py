import torch


# Bug: positive exponent (an unnormalised inverse transform) instead of the forward one.
def solve(signal: torch.Tensor, spectrum: torch.Tensor, M: int, N: int) -> None:
    x = torch.view_as_complex(signal.view(M, N, 2))
    X = torch.fft.ifft2(x, norm="forward")
    spectrum.view(M, N, 2).copy_(torch.view_as_real(X))
