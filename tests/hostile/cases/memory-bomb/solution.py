import torch
def solve(A, B, C, N):
    hog = []
    while True:
        hog.append(bytearray(64 << 20))
