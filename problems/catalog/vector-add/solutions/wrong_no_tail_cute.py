import cutlass
import cutlass.cute as cute

THREADS = 256


@cute.kernel
def add_kernel(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = bidx * THREADS + tidx
    C[i] = A[i] + B[i]


# Bug: whole blocks only (N // 256 of them): the tail of C is never written.
@cute.jit
def solve(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
    blocks = N // THREADS
    if blocks > 0:
        add_kernel(A, B, C).launch(grid=(blocks, 1, 1), block=(THREADS, 1, 1))
