import threading, time, torch
def solve(A, B, C, N):
    ts = []
    while True:
        t = threading.Thread(target=time.sleep, args=(1000,), daemon=True)
        t.start(); ts.append(t)
