import cuda.tile as ct
import torch

BM, BN, BK = 64, 64, 32


# Wrong: the loop runs N // BK steps along the shared dimension, so the last N % BK terms of
# every dot product are skipped (and for N < BK, C stays zero).
@ct.kernel
def matmul(A, B, C, N, BM: ct.Constant[int], BN: ct.Constant[int], BK: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    acc = ct.zeros((BM, BN), dtype=ct.float32)
    for k in range(N // BK):
        a = ct.load(A, index=(i, k), shape=(BM, BK), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, j), shape=(BK, BN), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a, b, acc)
    ct.store(C, index=(i, j), tile=acc)


def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int, K: int) -> None:
    grid = ((M + BM - 1) // BM, (K + BN - 1) // BN)
    ct.launch(torch.cuda.current_stream(), grid, matmul, (A, B, C, N, BM, BN, BK))
