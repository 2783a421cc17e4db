import torch
def solve(A, B, C, N):
    files = [open(f"f{i}", "w") for i in range(100000)]
