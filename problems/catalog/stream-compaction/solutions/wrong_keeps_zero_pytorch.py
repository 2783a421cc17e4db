import torch


# Bug: tests A >= 0, so zeros (and negative zeros) are kept although they must be dropped.
def solve(A, N, out):
    kept = A[A >= 0]
    out.zero_()
    out[: kept.numel()] = kept
