import cutlass.cute as cute


# The size annotated cute.Uint32, the grid from cute.ceil_div, as LeetGPU's CuTe users do.
@cute.kernel
def vadd(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Uint32):
    tx, _, _ = cute.arch.thread_idx()
    bx, _, _ = cute.arch.block_idx()
    bd, _, _ = cute.arch.block_dim()
    k = bx * bd + tx
    if k < N:
        C[k] = A[k] + B[k]


@cute.jit
def solve(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Uint32):
    threads = 128
    vadd(A, B, C, N).launch(
        grid=(cute.ceil_div(cute.Int32(N), threads), 1, 1), block=(threads, 1, 1)
    )
