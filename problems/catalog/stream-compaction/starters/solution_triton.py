import torch
import triton
import triton.language as tl


@triton.jit
def compact_kernel(a_ptr, out_ptr, N, BLOCK: tl.constexpr):
    pass  # TODO


# A, out: 1-D float32 tensors of length N; out arrives zero-filled. Write the compacted values.
def solve(A: torch.Tensor, N: int, out: torch.Tensor) -> None:
    pass
