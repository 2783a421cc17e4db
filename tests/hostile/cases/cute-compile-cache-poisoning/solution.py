import getpass
import os

import cutlass
import cutlass.cute as cute

# The runner's own caches and the places CuTe DSL would share between jobs by default.
TARGETS = [
    "/tmp/kj-pwned-dir",
    "/tmp/kerneljudge-cache/cuda",
    os.path.expanduser("~/.cache/kerneljudge/cuda"),
    "/var/tmp/kj-pwned",
]
try:
    TARGETS.append(f"/tmp/{getpass.getuser()}/cutlass_python_cache")
except Exception:  # noqa: BLE001 - no user name in the sandbox
    pass
for env in ("KERNELJUDGE_CACHE", "CUTE_DSL_CACHE_DIR", "XDG_CACHE_HOME"):
    if os.environ.get(env):
        TARGETS.append(os.path.join(os.environ[env], "cuda"))

for target in TARGETS:
    try:
        os.makedirs(target, exist_ok=True)
        with open(os.path.join(target, "kj-pwned.so"), "w") as f:
            f.write("poisoned")
    except OSError:
        pass

# the DSL's file cache back on, somewhere shared (read when it saves or loads a kernel)
os.environ["CUTE_DSL_DISABLE_FILE_CACHING"] = "0"
os.environ["CUTE_DSL_CACHE_DIR"] = "/tmp/kj-pwned-dir"
try:
    from cutlass.cutlass_dsl import CuTeDSL

    CuTeDSL._get_dsl().envar.disable_file_caching = False
except Exception:  # noqa: BLE001 - the settings moved: the environment is the attempt
    pass


@cute.kernel
def add_kernel(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = bidx * 256 + tidx
    if i < N:
        C[i] = A[i] + B[i]


@cute.jit
def solve(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
    add_kernel(A, B, C, N).launch(grid=((N + 255) // 256, 1, 1), block=(256, 1, 1))
