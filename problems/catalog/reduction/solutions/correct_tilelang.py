import tilelang
import tilelang.language as T
import torch


# Two kernels: one partial sum per block of 1024 elements, then one block sums the partial
# sums (a short accumulation chain, as the fp64 reference's tolerance needs).
@tilelang.jit
def partial_sums(block: int = 1024, threads: int = 256):
    N, P = T.dynamic("N, P")

    @T.prim_func
    def kernel(x: T.Tensor((N,), T.float32), partial: T.Tensor((P,), T.float32)):
        with T.Kernel(T.ceildiv(N, block), threads=threads) as bx:
            v = T.alloc_fragment((block,), T.float32)
            s = T.alloc_fragment((1,), T.float32)
            for i in T.Parallel(block):
                idx = bx * block + i
                v[i] = T.if_then_else(idx < N, x[idx], T.float32(0))
            T.reduce_sum(v, s, dim=0)
            partial[bx] = s[0]

    return kernel


@tilelang.jit
def total(block: int = 1024, threads: int = 256):
    P = T.dynamic("P")

    @T.prim_func
    def kernel(partial: T.Tensor((P,), T.float32), out: T.Tensor((1,), T.float32)):
        with T.Kernel(1, threads=threads):
            acc = T.alloc_fragment((block,), T.float32)
            s = T.alloc_fragment((1,), T.float32)
            T.clear(acc)
            for c in T.serial(T.ceildiv(P, block)):
                for i in T.Parallel(block):
                    idx = c * block + i
                    if idx < P:
                        acc[i] += partial[idx]
            T.reduce_sum(acc, s, dim=0)
            out[0] = s[0]

    return kernel


def solve(input, output, N: int):
    partial = torch.empty((N + 1023) // 1024, dtype=torch.float32, device=input.device)
    partial_sums()(input, partial)
    total()(partial, output)
