import cutlass
import cutlass.cute as cute

TILE = 16


# Bug: the inner loop stops one short (j < N - 1): the last column of A is never used.
@cute.kernel
def matmul_kernel(
    A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, m: cute.Int32, n: cute.Int32, k: cute.Int32
):
    tx, ty, _ = cute.arch.thread_idx()
    bx, by, _ = cute.arch.block_idx()
    col = bx * TILE + tx
    row = by * TILE + ty
    if row < m and col < k:
        acc = cutlass.Float32(0.0)
        for j in range(n - 1):
            acc += A[row, j] * B[j, col]
        C[row, col] = acc


@cute.jit
def solve(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, M: cute.Int32, N: cute.Int32, K: cute.Int32):
    grid = ((K + TILE - 1) // TILE, (M + TILE - 1) // TILE, 1)
    matmul_kernel(A, B, C, M, N, K).launch(grid=grid, block=(TILE, TILE, 1))
