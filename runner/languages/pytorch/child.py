"""PyTorch in the sandboxed child: the defaults (runner/child/language.py), torch tensors
written in place."""

from __future__ import annotations

from runner.child.language import ChildLanguage


class PyTorch(ChildLanguage):
    pass


LANGUAGE = PyTorch
