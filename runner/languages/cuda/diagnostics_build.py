"""The diagnostics build of CUDA C++ on the CPU (runner/languages/cuda/diagnostics.py): the
solution with AddressSanitizer, its ``__shared__`` arrays as plain statics and a helper that
names the emulated block and thread. A Run is diagnosed whatever its verdict, so ``prebuild``
starts its build beside the judged build (on two cores the two compiles overlap instead of
adding up)."""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
import threading
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

from runner.supervisor.compile import USER_FILE

if TYPE_CHECKING:
    from runner.supervisor.context import Judgement

log = logging.getLogger(__name__)

# put before the user's first line (``#line 1``: their line numbers stay): the source step makes
# ``__shared__`` ``static thread_local``, which AddressSanitizer does not guard; as plain statics
# (one worker thread runs the blocks one after another) it puts redzones around each array
SHARED_AS_STATICS = "#define thread_local\n#line 1\n"
# appended to the diagnostics build (after the user's last line: their line numbers stay): the
# emulated block and thread at the moment AddressSanitizer reports
WHERE_SOURCE = r"""
#include <stdio.h>
extern "C" void kj_diag_where(char* buf, int n) {
    unsigned b[3] = {blockIdx.x, blockIdx.y, blockIdx.z};
    unsigned t[3] = {threadIdx.x, threadIdx.y, threadIdx.z};
    int k = (b[1] || b[2]) ? snprintf(buf, n, "block (%u, %u, %u)", b[0], b[1], b[2])
                           : snprintf(buf, n, "block %u", b[0]);
    if (k < 0 || k >= n) return;
    if (t[1] || t[2]) snprintf(buf + k, n - k, ", thread (%u, %u, %u)", t[0], t[1], t[2]);
    else snprintf(buf + k, n - k, ", thread %u", t[0]);
}
"""


def build_library(j: Judgement, work: Path) -> Path | None:
    """The solution's diagnostics build (AddressSanitizer, one worker thread), with the
    ``kj_diag_where`` helper after the user's code; without it when that does not compile."""
    from runner.languages.cuda import cpu_build  # noqa: PLC0415

    options = cpu_build.BuildOptions(diagnostics=True)
    for tail in (WHERE_SOURCE, ""):
        out = work / ("build" if tail else "build-plain")
        out.mkdir(parents=True, exist_ok=True)
        src = out / USER_FILE
        src.write_text(SHARED_AS_STATICS + j.job.source.rstrip("\n") + "\n" + tail)
        res = cpu_build.build(src, out, options=options, timeout_s=j.limits.compile_timeout_s)
        if res.ok and res.so_path is not None:
            return res.so_path
    return None


class Prebuilt:
    """The diagnostics build of one judgement, compiling in a thread of its own."""

    def __init__(self, j: Judgement):
        self.folder = Path(tempfile.mkdtemp(prefix="kj-diag-build-"))
        os.chmod(self.folder, 0o700)
        self.library: Path | None = None
        self.thread = threading.Thread(target=self._build, args=(j,), daemon=True)
        self.thread.start()

    def _build(self, j: Judgement) -> None:
        try:
            self.library = build_library(j, self.folder)
        except Exception as exc:  # noqa: BLE001 - the diagnostics build again, or give up quietly
            log.warning("the diagnostics build failed: %s: %s", type(exc).__name__, exc)

    def result(self) -> Path | None:
        self.thread.join()
        return self.library

    def discard(self) -> None:
        self.thread.join()
        shutil.rmtree(self.folder, ignore_errors=True)


# judgement -> its build started early; taken (and discarded) by the diagnostics
PREBUILT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def prebuild(j: Judgement) -> None:
    """Start the diagnostics build of a Run now, beside the judged build; its folder is removed
    when the diagnostics end, or as the judgement ends (emulation.end_diagnostics)."""
    if j.job.mode != "run" or j in PREBUILT:
        return
    PREBUILT[j] = Prebuilt(j)


def take_prebuilt(j: Judgement) -> Prebuilt | None:
    return PREBUILT.pop(j, None)
