import tilelang
import tilelang.language as T


# Wrong: the shared dimension's last term is left out.
@tilelang.jit
def matmul(bm: int = 16, bn: int = 16):
    M, N, K = T.dynamic("M, N, K")

    @T.prim_func
    def kernel(
        A: T.Tensor((M, N), T.float32),
        B: T.Tensor((N, K), T.float32),
        C: T.Tensor((M, K), T.float32),
    ):
        with T.Kernel(T.ceildiv(K, bn), T.ceildiv(M, bm), threads=bm * bn) as (bx, by):
            acc = T.alloc_fragment((bm, bn), T.float32)
            T.clear(acc)
            for k in T.serial(N - 1):
                for i, j in T.Parallel(bm, bn):
                    r = by * bm + i
                    c = bx * bn + j
                    if r < M and c < K:
                        acc[i, j] += A[r, k] * B[k, c]
            for i, j in T.Parallel(bm, bn):
                r = by * bm + i
                c = bx * bn + j
                if r < M and c < K:
                    C[r, c] = acc[i, j]

    return kernel


def solve(A, B, C, M: int, N: int, K: int):
    matmul()(A, B, C)
