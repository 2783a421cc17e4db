"""CuTe DSL: a one-element-per-thread vector add on torch tensors (``from_dlpack``), compiled
with ``cute.compile``, checked against torch, timed with CUDA events. See smoke.py."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from smoke_common import Result, inputs, matches, median_ms, parse_site  # noqa: E402

THREADS = 256


def main() -> None:
    result = Result()
    try:
        parse_site()
        import cutlass  # noqa: F401
        import cutlass.cute as cute
        from cutlass.cute.runtime import from_dlpack

        result.stage("imported")
        result.row["version"] = getattr(cutlass, "__version__", None)

        @cute.kernel
        def add_kernel(g_a: cute.Tensor, g_b: cute.Tensor, g_c: cute.Tensor):
            tid, _, _ = cute.arch.thread_idx()
            block, _, _ = cute.arch.block_idx()
            i = block * THREADS + tid
            g_c[i] = g_a[i] + g_b[i]

        @cute.jit
        def add(m_a: cute.Tensor, m_b: cute.Tensor, m_c: cute.Tensor):
            blocks = cute.size(m_a) // THREADS
            add_kernel(m_a, m_b, m_c).launch(grid=(blocks, 1, 1), block=(THREADS, 1, 1))

        a, b, c = inputs()
        views = [from_dlpack(t, assumed_align=16) for t in (a, b, c)]
        compiled = cute.compile(add, *views)
        result.stage("compiled")
        compiled(*views)
        result.stage("correct", matches(a, b, c))
        result.first_result()
        result.row["kernel_ms"] = median_ms(lambda: compiled(*views))
    except BaseException as exc:  # noqa: BLE001 - every failure becomes the row's error
        result.fail(exc)
    result.emit()


if __name__ == "__main__":
    main()
