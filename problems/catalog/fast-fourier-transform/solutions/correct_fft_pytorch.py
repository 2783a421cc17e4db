import torch


def solve(signal: torch.Tensor, spectrum: torch.Tensor, N: int) -> None:
    # complex64 FFT (pocketfft / cuFFT), a different algorithm and order than the reference.
    x = torch.view_as_complex(signal.view(N, 2))
    spectrum.view(N, 2).copy_(torch.view_as_real(torch.fft.fft(x)))
