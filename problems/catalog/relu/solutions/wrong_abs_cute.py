import cutlass
import cutlass.cute as cute

THREADS = 256


# Bug: the absolute value, not max(x, 0): negative inputs come out positive.
@cute.kernel
def relu_kernel(x: cute.Tensor, y: cute.Tensor, n: cute.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = bidx * THREADS + tidx
    if i < n:
        v = x[i]
        y[i] = cute.arch.fmax(v, -v)


@cute.jit
def solve(input: cute.Tensor, output: cute.Tensor, N: cute.Int32):
    relu_kernel(input, output, N).launch(
        grid=((N + THREADS - 1) // THREADS, 1, 1), block=(THREADS, 1, 1)
    )
