import math

import torch


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    n = case["N"]
    if case.get("variant") == "tone3":
        # x_k = exp(+2*pi*i*3k/N): all of the energy lands in bin 3 (X_3 = N).
        k = torch.arange(n, dtype=torch.float64)
        ang = 2 * math.pi * 3 * k / n
        sig = torch.stack([torch.cos(ang), torch.sin(ang)], dim=1).reshape(-1)
        return {"signal": sig.to(torch.float32).to(device)}
    if case.get("variant") == "impulse1":
        # x_1 = 1, everything else 0: X_k = exp(-2*pi*i*k/N), a unit circle of twiddles.
        sig = torch.zeros(2 * n, dtype=torch.float32)
        sig[2] = 1.0
        return {"signal": sig.to(device)}
    return {}


def reference(signal: torch.Tensor, spectrum: torch.Tensor, N: int) -> None:
    # Interleaved (re, im) pairs -> complex128, forward FFT (negative exponent, no scaling).
    x = torch.view_as_complex(signal.reshape(N, 2).to(torch.float64).contiguous())
    X = torch.fft.fft(x)
    spectrum.view(N, 2).copy_(torch.view_as_real(X))
