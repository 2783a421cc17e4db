"""PyTorch in the sandboxed child: the defaults (runner/child/language.py), torch tensors
written in place."""

from __future__ import annotations

from runner.child.language import ChildLanguage


class PyTorch(ChildLanguage):
    module_form = True  # LeetGPU's solve(input, model, output) where a problem offers it


LANGUAGE = PyTorch
