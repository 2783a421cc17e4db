import torch
import triton
import triton.language as tl


@triton.jit
def invert_kernel(image_ptr, n_pixels, BLOCK: tl.constexpr):
    p = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = p < n_pixels
    # TODO: invert bytes 4p, 4p+1, 4p+2; keep byte 4p+3
    pass


# image is a flat uint8 tensor of width * height * 4 bytes (R, G, B, A per pixel) on the
# device; invert R, G and B in place.
def solve(image: torch.Tensor, width: int, height: int) -> None:
    BLOCK = 1024
    n_pixels = width * height
    grid = (triton.cdiv(n_pixels, BLOCK),)
    invert_kernel[grid](image, n_pixels, BLOCK=BLOCK)
