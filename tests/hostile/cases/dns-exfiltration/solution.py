import torch

import socket
def solve(A, B, C, N):
    try:
        _pwned(socket.getaddrinfo("example.com", 80))
    except OSError:
        pass
    for fam, addr in ((socket.AF_INET, ("8.8.8.8", 53)), (socket.AF_INET6, ("2001:4860:4860::8888", 53))):
        try:
            u = socket.socket(fam, socket.SOCK_DGRAM); u.sendto(b"x", addr); _pwned(addr)
        except OSError:
            pass
    try:
        socket.socket(socket.AF_PACKET, socket.SOCK_RAW); _pwned("raw socket")
    except (OSError, AttributeError):
        pass
    torch.add(A, B, out=C)


def _pwned(what):
    # reaching here means the attack worked: say so and fail the test on purpose
    print('KJ-LEAK', str(what)[:200])
    raise SystemExit(f'KJ-LEAK {str(what)[:200]}')
