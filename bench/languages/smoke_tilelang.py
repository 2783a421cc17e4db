"""TileLang: an elementwise add written with ``T.Kernel`` and ``T.Parallel``, compiled by
``@tilelang.jit``, run on torch tensors, checked against torch, timed with CUDA events. See
smoke.py."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from smoke_common import N, Result, inputs, matches, median_ms, parse_site  # noqa: E402

BLOCK = 256


def main() -> None:
    result = Result()
    try:
        parse_site()
        import tilelang
        import tilelang.language as T

        result.stage("imported")
        result.row["version"] = getattr(tilelang, "__version__", None)

        @tilelang.jit
        def vector_add(n: int, block: int):
            @T.prim_func
            def add(
                A: T.Tensor((n,), "float32"),
                B: T.Tensor((n,), "float32"),
                C: T.Tensor((n,), "float32"),
            ):
                with T.Kernel(T.ceildiv(n, block), threads=block) as bx:
                    for i in T.Parallel(block):
                        C[bx * block + i] = A[bx * block + i] + B[bx * block + i]

            return add

        kernel = vector_add(N, BLOCK)
        result.stage("compiled")
        a, b, c = inputs()
        kernel(a, b, c)
        result.stage("correct", matches(a, b, c))
        result.first_result()
        result.row["kernel_ms"] = median_ms(lambda: kernel(a, b, c))
    except BaseException as exc:  # noqa: BLE001 - every failure becomes the row's error
        result.fail(exc)
    result.emit()


if __name__ == "__main__":
    main()
