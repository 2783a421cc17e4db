import tilelang
import tilelang.language as T


# Wrong: copies the elements in row-major order instead of transposing them.
@tilelang.jit
def flat_copy(block: int = 256):
    n = T.dynamic("n")

    @T.prim_func
    def kernel(x: T.Tensor((n,), T.float32), y: T.Tensor((n,), T.float32)):
        with T.Kernel(T.ceildiv(n, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i
                if idx < n:
                    y[idx] = x[idx]

    return kernel


def solve(input, output, rows: int, cols: int):
    flat_copy()(input.view(-1), output.view(-1))
