"""Mojo: ``mojo build --emit shared-lib`` of vector_add.mojo for this GPU, then its two C
functions through ctypes: ``kj_vadd_device`` on torch tensors' device pointers (the way a
judge would hand buffers over) and ``kj_vadd_host`` on host arrays (Mojo allocates and copies;
it works even if Mojo's CUDA context were not torch's). ``correct`` is the device-pointer
call's; a call blocks until its kernel is done, so its time is the median wall time of a call
(``call_ms``), not a CUDA-event time. See smoke.py."""

from __future__ import annotations

import ctypes
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from smoke_common import N, Result, inputs, matches, parse_site  # noqa: E402

SOURCE = Path(__file__).resolve().parent / "vector_add.mojo"


def _bind(lib: ctypes.CDLL, name: str):
    fn = getattr(lib, name)
    fn.argtypes = [ctypes.c_ssize_t] * 4
    fn.restype = ctypes.c_ssize_t
    return fn


def main() -> None:
    result = Result()
    try:
        parse_site()
        import torch
        from mojo.run import _mojo_env

        env = _mojo_env()
        driver = env["MODULAR_MOJO_MAX_DRIVER_PATH"]
        version = subprocess.run([driver, "--version"], env=env, capture_output=True, text=True)
        result.row["version"] = version.stdout.strip() or version.stderr.strip()[-200:]
        result.stage("imported", version.returncode == 0)
        major, minor = torch.cuda.get_device_capability()
        arch = f"sm_{major}{minor}"
        out = Path(tempfile.mkdtemp(prefix="kj_mojo_")) / "libvadd.so"
        build = subprocess.run(
            [
                driver,
                "build",
                "--emit",
                "shared-lib",
                "--target-accelerator",
                arch,
                "-o",
                str(out),
                str(SOURCE),
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=240,
        )
        result.row["build_stderr_tail"] = build.stderr[-1500:]
        if build.returncode != 0 or not out.exists():
            raise RuntimeError(f"mojo build exit {build.returncode}: {build.stderr.strip()[-300:]}")
        result.stage("compiled")
        lib = ctypes.CDLL(str(out))
        device_add, host_add = _bind(lib, "kj_vadd_device"), _bind(lib, "kj_vadd_host")
        a, b, c = inputs()
        torch.cuda.synchronize()
        rc = device_add(a.data_ptr(), b.data_ptr(), c.data_ptr(), N)
        result.row["device_call_rc"] = rc
        result.stage("correct", rc == 0 and matches(a, b, c))
        result.first_result()
        ha, hb = a.cpu().numpy(), b.cpu().numpy()
        hc = ha * 0
        rc = host_add(ha.ctypes.data, hb.ctypes.data, hc.ctypes.data, N)
        result.row["host_call_rc"] = rc
        result.row["host_correct"] = bool(rc == 0 and ((ha + hb) == hc).all())
        times = []
        for _ in range(20):
            start = time.perf_counter()
            device_add(a.data_ptr(), b.data_ptr(), c.data_ptr(), N)
            times.append((time.perf_counter() - start) * 1000)
        result.row["call_ms"] = round(sorted(times)[len(times) // 2], 4)
    except BaseException as exc:  # noqa: BLE001 - every failure becomes the row's error
        result.fail(exc)
    result.emit()


if __name__ == "__main__":
    main()
