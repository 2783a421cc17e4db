import sys, torch
def solve(A, B, C, N):
    line = "x" * 1023 + "\n"
    while True:
        sys.stdout.write(line)
