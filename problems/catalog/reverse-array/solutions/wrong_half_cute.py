import cutlass
import cutlass.cute as cute

THREADS = 256


# Bug: copies the mirrored element without swapping: the second half is lost.
@cute.kernel
def reverse_kernel(x: cute.Tensor, n: cute.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = bidx * THREADS + tidx
    if i < n // 2:
        x[i] = x[n - 1 - i]


@cute.jit
def solve(input: cute.Tensor, N: cute.Int32):
    half = N // 2
    if half > 0:
        reverse_kernel(input, N).launch(
            grid=((half + THREADS - 1) // THREADS, 1, 1), block=(THREADS, 1, 1)
        )
