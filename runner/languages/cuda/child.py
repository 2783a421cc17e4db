"""CUDA C++ in the sandboxed child: the library the supervisor built (nvcc, or on the CPU
device the emulation), its C ``solve`` called with pointers and scalars
(runner/child/language.py, ``NativeLanguage``); in either child."""

from __future__ import annotations

from runner.child.language import NativeLanguage


class Cuda(NativeLanguage):
    pass


LANGUAGE = Cuda
