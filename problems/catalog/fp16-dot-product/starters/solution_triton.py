import torch
import triton
import triton.language as tl


@triton.jit
def dot_kernel(a_ptr, b_ptr, partial_ptr, N, BLOCK: tl.constexpr):
    pass  # TODO: accumulate in tl.float32


# A, B: 1-D float16 tensors; result: float16 tensor of length 1. Write result[0].
def solve(A: torch.Tensor, B: torch.Tensor, result: torch.Tensor, N: int) -> None:
    pass
