import tilelang
import tilelang.language as T


# One compiled kernel for every N (a T.dynamic size): compiled at the first call only.
@tilelang.jit
def vector_add(block: int = 256):
    N = T.dynamic("N")

    @T.prim_func
    def kernel(
        A: T.Tensor((N,), T.float32),
        B: T.Tensor((N,), T.float32),
        C: T.Tensor((N,), T.float32),
    ):
        with T.Kernel(T.ceildiv(N, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i
                if idx < N:
                    C[idx] = A[idx] + B[idx]

    return kernel


def solve(A, B, C, N: int):
    vector_add()(A, B, C)
