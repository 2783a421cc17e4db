import torch
import triton
import triton.language as tl


@triton.jit
def rms_norm_kernel(x_ptr, out_ptr, N, gamma, beta, eps, BLOCK: tl.constexpr):
    pass  # TODO


# input, output: 1-D float32 tensors; gamma, beta, eps: Python floats. Write into output.
def solve(input: torch.Tensor, gamma: float, beta: float, output: torch.Tensor, N: int,
          eps: float) -> None:
    pass
