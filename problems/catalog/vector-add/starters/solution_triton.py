import torch
import triton
import triton.language as tl


@triton.jit
def vector_add_kernel(a_ptr, b_ptr, c_ptr, n, BLOCK: tl.constexpr):
    pass  # TODO


# A, B, C are tensors on the device; write the result into C.
def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, N: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(N, BLOCK),)
    vector_add_kernel[grid](A, B, C, N, BLOCK=BLOCK)
