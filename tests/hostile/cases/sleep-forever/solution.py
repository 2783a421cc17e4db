import time, torch
def solve(A, B, C, N):
    time.sleep(10 ** 6)
