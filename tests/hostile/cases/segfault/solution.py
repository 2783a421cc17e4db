import ctypes, torch
def solve(A, B, C, N):
    ctypes.string_at(0)
