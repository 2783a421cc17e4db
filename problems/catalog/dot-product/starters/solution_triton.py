import torch
import triton
import triton.language as tl


@triton.jit
def dot_kernel(a_ptr, b_ptr, result_ptr, n, BLOCK: tl.constexpr):
    pass  # TODO


# Tensors are on the device; write the result into result in place.
def solve(A: torch.Tensor, B: torch.Tensor, result: torch.Tensor, N: int) -> None:
    BLOCK = 1024
    grid = (1,)  # TODO: choose a grid
    dot_kernel[grid](A, B, result, N, BLOCK=BLOCK)
