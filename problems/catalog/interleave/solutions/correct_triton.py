import torch
import triton
import triton.language as tl


@triton.jit
def interleave_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    tl.store(out_ptr + 2 * offs, a, mask=mask)
    tl.store(out_ptr + 2 * offs + 1, b, mask=mask)


def solve(A: torch.Tensor, B: torch.Tensor, output: torch.Tensor, N: int) -> None:
    BLOCK = 1024
    interleave_kernel[(triton.cdiv(N, BLOCK),)](A, B, output, N, BLOCK=BLOCK)
