import os

import jax

# The runner's own caches and shared places another job (or the supervisor) could read.
TARGETS = [
    "/tmp/kj-pwned-dir",
    "/tmp/kerneljudge-cache/cuda",
    os.path.expanduser("~/.cache/kerneljudge/cuda"),
    "/var/tmp/kj-pwned",
]
for env in ("KERNELJUDGE_CACHE", "JAX_COMPILATION_CACHE_DIR", "XDG_CACHE_HOME"):
    if os.environ.get(env):
        TARGETS.append(os.path.join(os.environ[env], "cuda"))

for target in TARGETS:
    try:
        os.makedirs(target, exist_ok=True)
        with open(os.path.join(target, "kj-pwned.so"), "w") as f:
            f.write("poisoned")
    except OSError:
        pass

jax.config.update("jax_enable_compilation_cache", True)
jax.config.update("jax_compilation_cache_dir", "/tmp/kj-pwned-dir")
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)


@jax.jit
def solve(A, B, N):
    return A + B
