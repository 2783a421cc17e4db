import torch
import triton
import triton.language as tl


@triton.jit
def silu_kernel(in_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(in_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x / (1.0 + tl.exp(-x)), mask=mask)


def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    BLOCK = 1024
    silu_kernel[(triton.cdiv(N, BLOCK),)](input, output, N, BLOCK=BLOCK)
