import cutlass
import cutlass.cute as cute

THREADS = 256


# Bug: a slope of 0.1 instead of 0.01 for the negative inputs.
@cute.kernel
def leaky_kernel(x: cute.Tensor, y: cute.Tensor, n: cute.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = bidx * THREADS + tidx
    if i < n:
        v = x[i]
        out = v
        if v <= cutlass.Float32(0.0):
            out = v * cutlass.Float32(0.1)
        y[i] = out


@cute.jit
def solve(input: cute.Tensor, output: cute.Tensor, N: cute.Int32):
    leaky_kernel(input, output, N).launch(
        grid=((N + THREADS - 1) // THREADS, 1, 1), block=(THREADS, 1, 1)
    )
