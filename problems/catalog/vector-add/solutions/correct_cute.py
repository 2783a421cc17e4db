import cutlass
import cutlass.cute as cute

THREADS = 256


# One thread per element; the last block checks the bound.
@cute.kernel
def add_kernel(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = bidx * THREADS + tidx
    if i < N:
        C[i] = A[i] + B[i]


@cute.jit
def solve(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
    blocks = (N + THREADS - 1) // THREADS
    add_kernel(A, B, C, N).launch(grid=(blocks, 1, 1), block=(THREADS, 1, 1))
