import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr):
    pass  # TODO


# input and output are flat tensors of length N*N on the device; write into output.
def solve(input: torch.Tensor, output: torch.Tensor, N: int, P: int) -> None:
    pass
