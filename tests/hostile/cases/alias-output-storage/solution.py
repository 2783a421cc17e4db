import torch
def solve(A, B, C, N):
    C.set_(A + B)
