import cutlass
import cutlass.cute as cute

TILE = 16


# Bug: copies the elements in row-major order without transposing them.
@cute.kernel
def copy_kernel(inp: cute.Tensor, out: cute.Tensor, rows: cute.Int32, cols: cute.Int32):
    tx, ty, _ = cute.arch.thread_idx()
    bx, by, _ = cute.arch.block_idx()
    c = bx * TILE + tx
    r = by * TILE + ty
    if r < rows and c < cols:
        k = r * cols + c
        out[k // rows, k % rows] = inp[r, c]


@cute.jit
def solve(input: cute.Tensor, output: cute.Tensor, rows: cute.Int32, cols: cute.Int32):
    grid = ((cols + TILE - 1) // TILE, (rows + TILE - 1) // TILE, 1)
    copy_kernel(input, output, rows, cols).launch(grid=grid, block=(TILE, TILE, 1))
