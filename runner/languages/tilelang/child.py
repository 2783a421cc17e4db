"""TileLang in the sandboxed child: ``solve`` gets torch tensors (its kernels launch on torch's
current stream); its compiler's errors are read by runner/child/tilelang_errors.py."""

from __future__ import annotations

from runner.child import tilelang_errors
from runner.child.language import CompilingLanguage


class TileLang(CompilingLanguage):
    title = "TileLang"
    errors = tilelang_errors


LANGUAGE = TileLang
