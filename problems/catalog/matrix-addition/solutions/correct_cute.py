import cutlass
import cutlass.cute as cute

TILE = 16


@cute.kernel
def add_kernel(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, n: cute.Int32):
    tx, ty, _ = cute.arch.thread_idx()
    bx, by, _ = cute.arch.block_idx()
    c = bx * TILE + tx
    r = by * TILE + ty
    if r < n and c < n:
        C[r, c] = A[r, c] + B[r, c]


@cute.jit
def solve(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
    tiles = (N + TILE - 1) // TILE
    add_kernel(A, B, C, N).launch(grid=(tiles, tiles, 1), block=(TILE, TILE, 1))
