"""cuTile: a tile-per-block vector add (``ct.load``/``ct.store``) launched with ``ct.launch``
on torch tensors, checked against torch, timed with CUDA events. tileiras comes from the
archive (``nvidia/cu13/bin``, put first on PATH; cuda.tile looks there when the pip packages
it checks for are not all installed) with the libnvvm of the same release beside it
(``nvidia/cu13/lib/libnvvm.so.4``). See smoke.py."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from smoke_common import N, Result, inputs, matches, median_ms, parse_site  # noqa: E402

TILE = 1024


def main() -> None:
    result = Result()
    try:
        folder = parse_site()
        os.environ["PATH"] = f"{folder / 'nvidia' / 'cu13' / 'bin'}:{os.environ.get('PATH', '')}"
        # without CUDA_HOME, tileiras loads the libnvvm of its own release from
        # ../lib/libnvvm.so.4 rather than the older toolkit's nvvm/lib64/libnvvm.so
        for key in ("CUDA_HOME", "CUDA_PATH"):
            os.environ.pop(key, None)
        import cuda.tile as ct
        import torch

        result.stage("imported")

        @ct.kernel
        def add(a, b, c):
            block = ct.bid(0)
            ta = ct.load(a, index=(block,), shape=(TILE,))
            tb = ct.load(b, index=(block,), shape=(TILE,))
            ct.store(c, index=(block,), tile=ta + tb)

        a, b, c = inputs()
        grid = (N // TILE, 1, 1)

        def launch():
            ct.launch(torch.cuda.current_stream(), grid, add, (a, b, c))

        launch()  # the first launch compiles (bytecode, then tileiras to a cubin)
        result.stage("compiled")
        result.stage("correct", matches(a, b, c))
        result.first_result()
        result.row["kernel_ms"] = median_ms(launch)
    except BaseException as exc:  # noqa: BLE001 - every failure becomes the row's error
        result.fail(exc)
    result.emit()


if __name__ == "__main__":
    main()
