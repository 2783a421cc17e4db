"""cuTile in the sandboxed child: ``solve`` gets torch tensors (its kernels launch on torch's
current stream); its compiler's errors are read by runner/child/cutile_errors.py."""

from __future__ import annotations

from runner.child import cutile_errors
from runner.child.language import CompilingLanguage


class CuTile(CompilingLanguage):
    title = "cuTile"
    errors = cutile_errors


LANGUAGE = CuTile
