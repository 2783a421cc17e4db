"""Triton in the sandboxed child: the defaults (runner/child/language.py); its kernels launch
on torch's current stream (on the CPU device, through the interpreter the supervisor turned on
with TRITON_INTERPRET)."""

from __future__ import annotations

from runner.child.language import ChildLanguage


class Triton(ChildLanguage):
    pass


LANGUAGE = Triton
