import torch


# Bug: processes the vectors as pairs (like half2 loads) and silently drops the last element
# when N is odd.
def solve(A, B, result, N):
    m = (N // 2) * 2
    pairs = A[:m].float().view(-1, 2) * B[:m].float().view(-1, 2)
    result[0] = pairs.sum().half()
