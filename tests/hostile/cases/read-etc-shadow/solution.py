import torch

def solve(A, B, C, N):
    for p in ("/etc/shadow", "/etc/gshadow", "/etc/sudoers"):
        try:
            _pwned(open(p).read())
        except OSError:
            pass
    if "root:x:0:0" in open("/etc/passwd").read():
        _pwned("host /etc/passwd visible")
    torch.add(A, B, out=C)


def _pwned(what):
    # reaching here means the attack worked: say so and fail the test on purpose
    print('KJ-LEAK', str(what)[:200])
    raise SystemExit(f'KJ-LEAK {str(what)[:200]}')
