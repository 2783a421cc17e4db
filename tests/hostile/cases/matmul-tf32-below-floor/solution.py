import torch

torch.backends.cuda.matmul.allow_tf32 = True
torch.set_float32_matmul_precision("medium")


def solve(A, B, C, M, N, K):
    torch.backends.cuda.matmul.allow_tf32 = True
    torch.matmul(A, B, out=C)
