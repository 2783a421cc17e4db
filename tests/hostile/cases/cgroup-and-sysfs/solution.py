import torch

import glob
def solve(A, B, C, N):
    for p in ["/proc/sysrq-trigger", "/proc/sys/kernel/panic", "/sys/fs/cgroup/cgroup.procs",
              "/proc/sys/vm/drop_caches"] + glob.glob("/sys/fs/cgroup/*/cgroup.procs"):
        try:
            with open(p, "w") as f:
                f.write("1")
            _pwned(p)
        except OSError:
            pass
    for dev in ("/dev/mem", "/dev/kmem", "/dev/kmsg", "/dev/sda", "/dev/vda", "/dev/nvme0n1"):
        try:
            open(dev, "rb").read(1); _pwned(dev)
        except OSError:
            pass
    torch.add(A, B, out=C)


def _pwned(what):
    # reaching here means the attack worked: say so and fail the test on purpose
    print('KJ-LEAK', str(what)[:200])
    raise SystemExit(f'KJ-LEAK {str(what)[:200]}')
