import cutlass
import cutlass.cute as cute

THREADS = 256


# Bug: min before max with the bounds swapped: every value comes out as lo.
@cute.kernel
def clip_kernel(x: cute.Tensor, y: cute.Tensor, lo: cute.Float32, hi: cute.Float32, n: cute.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = bidx * THREADS + tidx
    if i < n:
        y[i] = cute.arch.fmax(cute.arch.fmin(x[i], lo), hi)


@cute.jit
def solve(
    input: cute.Tensor, output: cute.Tensor, lo: cute.Float32, hi: cute.Float32, N: cute.Int32
):
    clip_kernel(input, output, lo, hi, N).launch(
        grid=((N + THREADS - 1) // THREADS, 1, 1), block=(THREADS, 1, 1)
    )
