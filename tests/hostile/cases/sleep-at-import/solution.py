import time, torch
time.sleep(10 ** 6)
def solve(A, B, C, N):
    torch.add(A, B, out=C)
