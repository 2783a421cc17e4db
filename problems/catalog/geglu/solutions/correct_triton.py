import torch
import triton
import triton.language as tl


@triton.jit
def geglu_kernel(in_ptr, out_ptr, half, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < half
    a = tl.load(in_ptr + offs, mask=mask)
    b = tl.load(in_ptr + half + offs, mask=mask)
    g = 0.5 * b * (1.0 + tl.math.erf(b * 0.7071067811865476))
    tl.store(out_ptr + offs, a * g, mask=mask)


def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    BLOCK = 1024
    half = N // 2
    geglu_kernel[(triton.cdiv(half, BLOCK),)](input, output, half, BLOCK=BLOCK)
