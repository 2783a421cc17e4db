import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(signal_ptr, spectrum_ptr, M, N, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# signal: input, tensor, f32, shape [M x N x 2]
# spectrum: output, tensor, f32, shape [M x N x 2]
# Write the result into spectrum in place.
def solve(signal: torch.Tensor, spectrum: torch.Tensor, M: int, N: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(M, BLOCK),)
    solve_kernel[grid](signal, spectrum, M, N, BLOCK=BLOCK)
