"""CuPy in the sandboxed child: ``solve`` gets CuPy arrays viewed (DLPack) from the torch
tensors of the arena."""

from __future__ import annotations

from typing import Any

from runner.child.language import ChildLanguage


class CuPy(ChildLanguage):
    def tensor_arg(self, tensor: Any) -> Any:
        import cupy  # noqa: PLC0415

        return cupy.from_dlpack(tensor)


LANGUAGE = CuPy
