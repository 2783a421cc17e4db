import cutlass
import cutlass.cute as cute

THREADS = 256


# Bug: inverts the alpha channel too.
@cute.kernel
def invert_kernel(image: cute.Tensor, n: cute.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = bidx * THREADS + tidx
    if i < n:
        v = image[i].to(cutlass.Int32)
        image[i] = (255 - v).to(cutlass.Uint8)


@cute.jit
def solve(image: cute.Tensor, width: cute.Int32, height: cute.Int32):
    n = width * height * 4
    invert_kernel(image, n).launch(grid=((n + THREADS - 1) // THREADS, 1, 1), block=(THREADS, 1, 1))
