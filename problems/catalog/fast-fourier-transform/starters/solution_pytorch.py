import torch


# signal, spectrum: 1-D float32 tensors of length 2*N holding interleaved (re, im) pairs.
def solve(signal: torch.Tensor, spectrum: torch.Tensor, N: int) -> None:
    pass
