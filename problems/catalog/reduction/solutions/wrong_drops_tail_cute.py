import cutlass
import cutlass.cute as cute

THREADS = 256
BLOCKS = 512


@cute.kernel
def zero_kernel(out: cute.Tensor):
    out[0] = cutlass.Float32(0.0)


# Bug: only whole groups of 32 elements are summed: the last N % 32 are dropped.
@cute.kernel
def sum_kernel(x: cute.Tensor, out: cute.Tensor, n: cute.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    acc = cutlass.Float32(0.0)
    for i in range(bidx * THREADS + tidx, n - n % 32, BLOCKS * THREADS):
        acc += x[i]
    acc = cute.arch.warp_reduction_sum(acc)
    if tidx % 32 == 0:
        cute.arch.atomic_add(out.iterator, acc)


@cute.jit
def solve(input: cute.Tensor, output: cute.Tensor, N: cute.Int32):
    zero_kernel(output).launch(grid=(1, 1, 1), block=(1, 1, 1))
    sum_kernel(input, output, N).launch(grid=(BLOCKS, 1, 1), block=(THREADS, 1, 1))
