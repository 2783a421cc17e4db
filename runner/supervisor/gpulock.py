"""One benchmark at a time per GPU.

Several supervisors may share a GPU (a worker with concurrency above 1, a validation run with
``--jobs``, a judge host with more supervisors than GPUs). Compiling and the functional tests
can overlap harmlessly, but two benchmarks on one GPU would time each other's kernels. Each
supervisor therefore holds an exclusive flock on a file named after the GPU's UUID for its
whole benchmark phase (the solution's timed calls and the reference's), and the warm runner
service holds it while a spare child boots (creating a CUDA context). The lock lives in a
per-user folder of mode 0700 under the temporary directory: the sandboxed child cannot reach
it, and the kernel drops it when the holder dies, so a killed supervisor never wedges a GPU.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

POLL_S = 0.005


def device_key(props: object) -> str:
    """The lock's name for a device, from ``torch.cuda.get_device_properties``."""
    return str(getattr(props, "uuid", "") or "") or str(getattr(props, "name", "gpu"))


def current_cuda_key() -> str:
    import torch  # noqa: PLC0415

    return device_key(torch.cuda.get_device_properties(0))


def lock_dir() -> Path:
    base = os.environ.get("KERNELJUDGE_LOCK_DIR") or tempfile.gettempdir()
    return Path(base) / f"kerneljudge-gpu-locks-{os.getuid()}"


@contextlib.contextmanager
def exclusive_gpu(gpu_key: str, timeout_s: float) -> Iterator[bool]:
    """Hold the benchmark lock of ``gpu_key`` (a GPU UUID). Yields True when it is held,
    False when ``timeout_s`` passed first (the caller benchmarks anyway and says so) or the
    lock file cannot be made."""
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", gpu_key)[:120] or "gpu"
    d = lock_dir()
    try:
        d.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(d / name, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield False
        return
    try:
        deadline = time.monotonic() + timeout_s
        held = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                held = True
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    break
                time.sleep(POLL_S)
        yield held
    finally:
        os.close(fd)  # closing the descriptor releases the lock
