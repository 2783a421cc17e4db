# Tiled fp32 matrix multiplication with tl.dot: C (M x K) = A (M x N) @ B (N x K).
import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(
    a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr
):
    pid_m = tl.program_id(0)
    pid_k = tl.program_id(1)
    rows = pid_m * BM + tl.arange(0, BM)
    cols = pid_k * BK + tl.arange(0, BK)
    acc = tl.zeros((BM, BK), dtype=tl.float32)
    for start in range(0, N, BN):
        inner = start + tl.arange(0, BN)
        a = tl.load(
            a_ptr + rows[:, None] * N + inner[None, :],
            mask=(rows[:, None] < M) & (inner[None, :] < N),
            other=0.0,
        )
        b = tl.load(
            b_ptr + inner[:, None] * K + cols[None, :],
            mask=(inner[:, None] < N) & (cols[None, :] < K),
            other=0.0,
        )
        acc += tl.dot(a, b)
    tl.store(
        c_ptr + rows[:, None] * K + cols[None, :],
        acc,
        mask=(rows[:, None] < M) & (cols[None, :] < K),
    )


def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int, K: int):
    BM, BN, BK = 32, 32, 32
    grid = (triton.cdiv(M, BM), triton.cdiv(K, BK))
    matmul_kernel[grid](A, B, C, M, N, K, BM=BM, BN=BN, BK=BK)
