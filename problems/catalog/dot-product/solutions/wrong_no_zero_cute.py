import cutlass
import cutlass.cute as cute

THREADS = 256
BLOCKS = 256


# Bug: adds into result without zeroing it first, and squares A instead of multiplying by B.
@cute.kernel
def dot_kernel(a: cute.Tensor, b: cute.Tensor, out: cute.Tensor, n: cute.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    acc = cutlass.Float32(0.0)
    for i in range(bidx * THREADS + tidx, n, BLOCKS * THREADS):
        acc += a[i] * a[i]
    acc = cute.arch.warp_reduction_sum(acc)
    if tidx % 32 == 0:
        cute.arch.atomic_add(out.iterator, acc)


@cute.jit
def solve(A: cute.Tensor, B: cute.Tensor, result: cute.Tensor, N: cute.Int32):
    dot_kernel(A, B, result, N).launch(grid=(BLOCKS, 1, 1), block=(THREADS, 1, 1))
