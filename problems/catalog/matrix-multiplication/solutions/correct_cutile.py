import cuda.tile as ct
import torch

BM, BN, BK = 64, 64, 32  # a BM x BN tile of C per block, stepping BK along the shared dimension


# C (M x K) = A (M x N) @ B (N x K) in fp32 arithmetic (the problem rules out tf32): ct.mma
# on float32 tiles multiplies and adds in float32 (for sm_90 its PTX is mul.rn.f32 and
# add.rn.f32, no tf32 conversion). Tiles past the edges load as zeros (they add nothing);
# stores past the edges are dropped.
@ct.kernel
def matmul(A, B, C, BM: ct.Constant[int], BN: ct.Constant[int], BK: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    acc = ct.zeros((BM, BN), dtype=ct.float32)
    for k in range(ct.num_tiles(A, 1, shape=(BM, BK))):
        a = ct.load(A, index=(i, k), shape=(BM, BK), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, j), shape=(BK, BN), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a, b, acc)
    ct.store(C, index=(i, j), tile=acc)


def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int, K: int) -> None:
    grid = ((M + BM - 1) // BM, (K + BN - 1) // BN)
    ct.launch(torch.cuda.current_stream(), grid, matmul, (A, B, C, BM, BN, BK))
