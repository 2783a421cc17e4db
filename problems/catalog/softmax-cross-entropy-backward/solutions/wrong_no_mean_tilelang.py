import tilelang
import tilelang.language as T
import torch


# Wrong: the gradient is not divided by N (the loss is). Two outputs: one block per row computes the row's max, its sum of exponentials, the row's
# gradient and its loss term; a second kernel sums the N loss terms (one block).
@tilelang.jit
def rows(block: int = 256):
    N, C = T.dynamic("N, C")

    @T.prim_func
    def kernel(
        logits: T.Tensor((N, C), T.float32),
        labels: T.Tensor((N,), T.int32),
        dlogits: T.Tensor((N, C), T.float32),
        row_loss: T.Tensor((N,), T.float32),
    ):
        with T.Kernel(N, threads=block) as r:
            v = T.alloc_fragment((block,), T.float32)
            m = T.alloc_fragment((1,), T.float32)
            s = T.alloc_fragment((1,), T.float32)
            T.fill(m, -T.infinity(T.float32))
            T.clear(s)
            for c in T.serial(T.ceildiv(C, block)):
                for i in T.Parallel(block):
                    j = c * block + i
                    v[i] = T.if_then_else(j < C, logits[r, j], -T.infinity(T.float32))
                T.reduce_max(v, m, dim=0, clear=False)
            for c in T.serial(T.ceildiv(C, block)):
                for i in T.Parallel(block):
                    j = c * block + i
                    v[i] = T.if_then_else(j < C, T.exp(logits[r, j] - m[0]), T.float32(0))
                T.reduce_sum(v, s, dim=0, clear=False)
            label = labels[r]
            for c in T.serial(T.ceildiv(C, block)):
                for i in T.Parallel(block):
                    j = c * block + i
                    if j < C:
                        p = T.exp(logits[r, j] - m[0]) / s[0]
                        hit = T.if_then_else(j == label, T.float32(1), T.float32(0))
                        dlogits[r, j] = p - hit
            row_loss[r] = (m[0] + T.log(s[0]) - logits[r, label]) / T.cast(N, T.float32)

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


def solve(logits, labels, loss, dlogits, N: int, C: int):
    row_loss = torch.empty(N, dtype=torch.float32, device=logits.device)
    rows()(logits.view(N, C), labels, dlogits.view(N, C), row_loss)
    total()(row_loss, loss)
