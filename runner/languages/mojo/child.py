"""Mojo in the sandboxed child (runner/child/mojo_context.py).

Mojo solutions are libraries the supervisor built, called as CUDA ones are (device pointers and
scalars through the C ABI), loaded after the library that keeps one DeviceContext per device;
their kernels run on that context's stream, and the timed calls' lead-in and events go on it
too (as JAX's go on JAX's stream); ``solve`` synchronises it before returning, and a timed call
ends at that synchronise where nothing can have run after it (``mojo_context.SyncEnd``; the
reply's ``return_ms`` is the end event's figure). Torch-free at import: the torch-free child
loads it too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from runner.child import loop
from runner.child.language import NativeLanguage


class Mojo(NativeLanguage):
    def start(self) -> dict | None:
        """Its runtime and the kept context's stream (the calibration's empty calls), on a
        GPU."""
        if self.child.device != "cuda":
            return None
        try:
            from runner.child import mojo_context  # noqa: PLC0415

            self.child.context()
            mojo_context.start_runtime()
            self._use_stream()
        except BaseException as exc:  # noqa: BLE001
            return loop.error_reply(exc, "while starting Mojo's runtime", "internal_error")
        return None

    def before_load(self) -> None:
        from runner.child import mojo_context  # noqa: PLC0415

        mojo_context.keep_contexts()

    def load(self, path: str, msg: dict) -> Callable | None:
        solve = super().load(path, msg)
        if self.child.device == "cuda" and self.child.sync_end is None:
            self._use_stream()
        return solve

    def invoke(self, solve: Callable, args: list) -> Any:
        """Before ``init``, the calibration's empty call: an empty ``solve``'s runtime work."""
        if self.child.solve is None and self.child.sync_end is not None:
            from runner.child import mojo_context  # noqa: PLC0415

            mojo_context.empty_call()
            return None
        solve(*args)
        return None

    def _use_stream(self) -> None:
        """Mojo's kernels run on the stream of the child's one DeviceContext: the timed calls'
        lead-in and events go on that stream too, so the events bracket the kernels without a
        hand-over between two streams."""
        from runner.child import mojo_context  # noqa: PLC0415

        handle = mojo_context.kept_stream()
        if handle:  # else Mojo's work is on the legacy default stream, torch's, already
            self.child.stream = self.child.external_stream(handle)
            self.child.sync_end = mojo_context.SyncEnd(self.child.stream)


LANGUAGE = Mojo
