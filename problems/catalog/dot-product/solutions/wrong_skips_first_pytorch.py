import torch


# Bug: off-by-one slice, the first element pair is skipped.
def solve(A, B, result, N):
    result.copy_((A[1:N] * B[1:N]).sum().reshape(1))
