import cutlass
import cutlass.cute as cute

TILE = 16


# input [rows, cols] and output [cols, rows] arrive as 2-D tensors: one thread per element.
@cute.kernel
def transpose_kernel(inp: cute.Tensor, out: cute.Tensor, rows: cute.Int32, cols: cute.Int32):
    tx, ty, _ = cute.arch.thread_idx()
    bx, by, _ = cute.arch.block_idx()
    c = bx * TILE + tx
    r = by * TILE + ty
    if r < rows and c < cols:
        out[c, r] = inp[r, c]


@cute.jit
def solve(input: cute.Tensor, output: cute.Tensor, rows: cute.Int32, cols: cute.Int32):
    grid = ((cols + TILE - 1) // TILE, (rows + TILE - 1) // TILE, 1)
    transpose_kernel(input, output, rows, cols).launch(grid=grid, block=(TILE, TILE, 1))
