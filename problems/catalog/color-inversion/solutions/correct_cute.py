import cutlass
import cutlass.cute as cute

THREADS = 256


# image is in-out, flat (height * width * 4 bytes, RGBA): one thread per pixel inverts
# R, G and B and leaves alpha.
@cute.kernel
def invert_kernel(image: cute.Tensor, pixels: cute.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    p = bidx * THREADS + tidx
    if p < pixels:
        for c in cutlass.range_constexpr(3):
            v = image[p * 4 + c].to(cutlass.Int32)
            image[p * 4 + c] = (255 - v).to(cutlass.Uint8)


@cute.jit
def solve(image: cute.Tensor, width: cute.Int32, height: cute.Int32):
    pixels = width * height
    invert_kernel(image, pixels).launch(
        grid=((pixels + THREADS - 1) // THREADS, 1, 1), block=(THREADS, 1, 1)
    )
