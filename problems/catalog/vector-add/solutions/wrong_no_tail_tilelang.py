import tilelang
import tilelang.language as T


# Wrong: only whole blocks are computed, the last N % 256 elements are left at zero.
@tilelang.jit
def vector_add(block: int = 256):
    N = T.dynamic("N")

    @T.prim_func
    def kernel(
        A: T.Tensor((N,), T.float32),
        B: T.Tensor((N,), T.float32),
        C: T.Tensor((N,), T.float32),
    ):
        with T.Kernel(N // block, threads=block) as bx:
            for i in T.Parallel(block):
                C[bx * block + i] = A[bx * block + i] + B[bx * block + i]

    return kernel


def solve(A, B, C, N: int):
    if N >= 256:
        vector_add()(A, B, C)
