import cuda.tile as ct
import torch

BM, BN, BK = 128, 128, 64


# C (M x N, bf16) = A (M x K, bf16) @ B (K x N, bf16) with an fp32 accumulator: ct.mma on
# bf16 tiles accumulates in float32 (tensor cores), and the result is rounded to bf16 once,
# at the store. Tiles past the edges load as zeros (they add nothing); stores past the
# edges are dropped.
@ct.kernel
def gemm(A, B, C, BM: ct.Constant[int], BN: ct.Constant[int], BK: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    acc = ct.zeros((BM, BN), dtype=ct.float32)
    for k in range(ct.num_tiles(A, 1, shape=(BM, BK))):
        a = ct.load(A, index=(i, k), shape=(BM, BK), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, j), shape=(BK, BN), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a, b, acc)
    ct.store(C, index=(i, j), tile=ct.astype(acc, ct.bfloat16))


def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int, K: int) -> None:
    grid = ((M + BM - 1) // BM, (N + BN - 1) // BN)
    ct.launch(torch.cuda.current_stream(), grid, gemm, (A, B, C, BM, BN, BK))
