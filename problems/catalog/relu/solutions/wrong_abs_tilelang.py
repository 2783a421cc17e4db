import tilelang
import tilelang.language as T


# Wrong: |x| instead of max(x, 0).
@tilelang.jit
def relu(block: int = 256):
    N = T.dynamic("N")

    @T.prim_func
    def kernel(x: T.Tensor((N,), T.float32), y: T.Tensor((N,), T.float32)):
        with T.Kernel(T.ceildiv(N, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i
                if idx < N:
                    y[idx] = T.abs(x[idx])

    return kernel


def solve(input, output, N: int):
    relu()(input, output)
