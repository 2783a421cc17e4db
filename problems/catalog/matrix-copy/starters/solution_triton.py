import torch
import triton
import triton.language as tl


@triton.jit
def copy_kernel(a_ptr, b_ptr, total, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < total
    # TODO
    pass


# A and B are (N, N) float32 tensors on the device; copy A into B.
def solve(A: torch.Tensor, B: torch.Tensor, N: int) -> None:
    BLOCK = 1024
    total = N * N
    grid = (triton.cdiv(total, BLOCK),)
    copy_kernel[grid](A, B, total, BLOCK=BLOCK)
