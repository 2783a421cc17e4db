import torch


# "Valid" cross-correlation (the kernel is not flipped):
#   output[i] = sum_{j < kernel_size} input[i + j] * kernel[j],  0 <= i <= input_size - kernel_size
# Computed in float64 whatever the input dtype. Short kernels: tap by tap over shifted vectors.
# Long kernels: through a float64 FFT (a correlation is a convolution with the reversed
# kernel); its error, about 1e-12 here, is far below the 1e-4 tolerance, and it stays fast on
# the CPU at the benchmark size.
def reference(
    input: torch.Tensor,
    kernel: torch.Tensor,
    output: torch.Tensor,
    input_size: int,
    kernel_size: int,
) -> None:
    x = input.reshape(-1).to(torch.float64)
    w = kernel.reshape(-1).to(torch.float64)
    n_out = input_size - kernel_size + 1
    if kernel_size <= 64:
        acc = torch.zeros(n_out, dtype=torch.float64, device=x.device)
        for j in range(kernel_size):
            acc.addcmul_(x[j : j + n_out], w[j : j + 1])
    else:
        n = input_size + kernel_size - 1
        full = torch.fft.irfft(torch.fft.rfft(x, n) * torch.fft.rfft(w.flip(0), n), n)
        acc = full[kernel_size - 1 : kernel_size - 1 + n_out]
    output.view(-1).copy_(acc)
