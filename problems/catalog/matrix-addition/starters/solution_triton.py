import torch
import triton
import triton.language as tl


@triton.jit
def matrix_add_kernel(a_ptr, b_ptr, c_ptr, total, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < total
    # TODO
    pass


# A, B, C are (N, N) float32 tensors on the device; write A + B into C.
def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, N: int) -> None:
    BLOCK = 1024
    total = N * N
    grid = (triton.cdiv(total, BLOCK),)
    matrix_add_kernel[grid](A, B, C, total, BLOCK=BLOCK)
