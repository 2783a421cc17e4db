import tilelang
import tilelang.language as T


# One block per row: the row's mean, then its variance around the mean (two passes, as the
# reference computes it), then the normalised, scaled and shifted row; eps is a kernel
# parameter, so one compiled kernel serves every test.
@tilelang.jit
def layer_norm(block: int = 256):
    N, C = T.dynamic("N, C")

    @T.prim_func
    def kernel(
        x: T.Tensor((N, C), T.float32),
        weight: T.Tensor((C,), T.float32),
        bias: T.Tensor((C,), T.float32),
        y: T.Tensor((N, C), T.float32),
        eps: T.float32,
    ):
        with T.Kernel(N, threads=block) as r:
            v = T.alloc_fragment((block,), T.float32)
            total = T.alloc_fragment((1,), T.float32)
            square = T.alloc_fragment((1,), T.float32)
            T.clear(total)
            T.clear(square)
            for c in T.serial(T.ceildiv(C, block)):
                for i in T.Parallel(block):
                    j = c * block + i
                    v[i] = T.if_then_else(j < C, x[r, j], T.float32(0))
                T.reduce_sum(v, total, dim=0, clear=False)
            mean = total[0] / T.cast(C, T.float32)
            for c in T.serial(T.ceildiv(C, block)):
                for i in T.Parallel(block):
                    j = c * block + i
                    d = x[r, j] - mean
                    v[i] = T.if_then_else(j < C, d * d, T.float32(0))
                T.reduce_sum(v, square, dim=0, clear=False)
            scale = T.rsqrt(square[0] / T.cast(C, T.float32) + eps)
            for c in T.serial(T.ceildiv(C, block)):
                for i in T.Parallel(block):
                    j = c * block + i
                    if j < C:
                        y[r, j] = (x[r, j] - mean) * scale * weight[j] + bias[j]

    return kernel


def solve(input, weight, bias, output, N: int, C: int, eps: float):
    layer_norm()(input, weight, bias, output, eps)
