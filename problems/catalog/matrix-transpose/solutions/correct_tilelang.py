import tilelang
import tilelang.language as T


@tilelang.jit
def transpose(bm: int = 32, bn: int = 32):
    rows, cols = T.dynamic("rows, cols")

    @T.prim_func
    def kernel(x: T.Tensor((rows, cols), T.float32), y: T.Tensor((cols, rows), T.float32)):
        with T.Kernel(T.ceildiv(cols, bn), T.ceildiv(rows, bm), threads=256) as (bx, by):
            for i, j in T.Parallel(bm, bn):
                r = by * bm + i
                c = bx * bn + j
                if r < rows and c < cols:
                    y[c, r] = x[r, c]

    return kernel


def solve(input, output, rows: int, cols: int):
    transpose()(input, output)
