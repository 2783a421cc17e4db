import torch
import triton
import triton.language as tl


@triton.jit
def residual_rmsnorm_kernel(x_ptr, r_ptr, w_ptr, out_ptr, C, eps, BLOCK_C: tl.constexpr):
    pass  # TODO: one program per row


# x, residual, out: (N, C) float32 tensors; weight: (C,); eps: float. Write into out.
def solve(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, out: torch.Tensor,
          N: int, C: int, eps: float) -> None:
    pass
