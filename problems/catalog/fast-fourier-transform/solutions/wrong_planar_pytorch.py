import torch


# Bug: reads the input as planar (all real parts, then all imaginary parts) instead of
# interleaved (re, im) pairs.
def solve(signal: torch.Tensor, spectrum: torch.Tensor, N: int) -> None:
    x = torch.complex(signal[:N], signal[N:])
    spectrum.view(N, 2).copy_(torch.view_as_real(torch.fft.fft(x)))
