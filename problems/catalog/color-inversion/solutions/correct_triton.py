import torch
import triton
import triton.language as tl


@triton.jit
def invert_kernel(image_ptr, n_bytes, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = (offs < n_bytes) & (offs % 4 != 3)
    v = tl.load(image_ptr + offs, mask=mask)
    tl.store(image_ptr + offs, 255 - v, mask=mask)


def solve(image: torch.Tensor, width: int, height: int) -> None:
    BLOCK = 4096
    n_bytes = width * height * 4
    invert_kernel[(triton.cdiv(n_bytes, BLOCK),)](image, n_bytes, BLOCK=BLOCK)
