import torch
def solve(A, B, C, N):
    while True:
        pass
