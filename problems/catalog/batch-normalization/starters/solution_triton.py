import torch
import triton
import triton.language as tl


@triton.jit
def batch_norm_kernel(x_ptr, gamma_ptr, beta_ptr, out_ptr, N, C, eps,
                      BLOCK_N: tl.constexpr, BLOCK_C: tl.constexpr):
    pass  # TODO


# input, output: (N, C) tensors; gamma, beta: (C,) tensors; eps: float. Write into output.
def solve(input: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, output: torch.Tensor,
          N: int, C: int, eps: float) -> None:
    pass
