import torch
import triton
import triton.language as tl


@triton.jit
def gemm_half_kernel(a_ptr, b_ptr, c_ptr, m, n, k, alpha, beta, BLOCK: tl.constexpr):
    pass  # TODO


# Tensors are on the device; write the result into C in place.
def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int, K: int, alpha: float,
          beta: float) -> None:
    BLOCK = 1024
    grid = (1,)  # TODO: choose a grid
    gemm_half_kernel[grid](A, B, C, M, N, K, alpha, beta, BLOCK=BLOCK)
