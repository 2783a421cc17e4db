import tilelang
import tilelang.language as T


# Wrong: a slope of 0.1 instead of 0.01.
@tilelang.jit
def leaky_relu(block: int = 256, slope: float = 0.1):
    N = T.dynamic("N")

    @T.prim_func
    def kernel(x: T.Tensor((N,), T.float32), y: T.Tensor((N,), T.float32)):
        with T.Kernel(T.ceildiv(N, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i
                if idx < N:
                    v = x[idx]
                    y[idx] = T.if_then_else(v > 0, v, v * T.float32(slope))

    return kernel


def solve(input, output, N: int):
    leaky_relu()(input, output)
