"""NVIDIA's binary tools (cuobjdump, nvdisasm, ptxas, c++filt): where they are, and one
sandboxed run of all of them on the compiled solution (no network, read-only root, only the
tool directory writable, wall-clock limit)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import stat
from pathlib import Path

from runner.sandbox.process import Captured, base_env, run_capture
from runner.supervisor.compile import nvcc_path, nvcc_version

TOOLS_TIMEOUT_S = 60.0
TOOL_OUTPUT_CAP = 16 << 20  # bytes read back from each file the tools wrote

# One sandboxed run of the tools; file names are fixed, the tool paths come in the env.
TOOLS_SCRIPT = r"""
exec 2>>errors.txt
"$CUOBJDUMP" -res-usage solution.so > res.txt
"$CUOBJDUMP" -lelf solution.so > elf_list.txt
mkdir ptx elf
(cd ptx && "$CUOBJDUMP" -xptx all ../solution.so >/dev/null)
(cd elf && "$CUOBJDUMP" -xelf all ../solution.so >/dev/null)
: > sass.txt
if [ -n "$NVDISASM" ]; then
  for f in elf/*.cubin; do
    [ -f "$f" ] || continue
    echo "@@@ cubin $f" >> sass.txt
    "$NVDISASM" -g -c "$f" >> sass.txt
  done
fi
"$CUOBJDUMP" -sass solution.so > sass_plain.txt
: > ptxas.txt
for f in ptx/*.ptx; do
  [ -f "$f" ] || continue
  echo "@@@ ptx $f" >> ptxas.txt
  "$PTXAS" -arch="$ARCH" -m64 -v --generate-line-info -o ptxas.cubin "$f" >> ptxas.txt 2>&1
done
grep -oh '_Z[A-Za-z0-9_$.]*' res.txt sass_plain.txt | sort -u > mangled.txt
if [ -n "$CXXFILT" ]; then "$CXXFILT" < mangled.txt > demangled.txt; fi
exit 0
"""


def _triton_tool_dir() -> Path | None:
    """The NVIDIA tools that the triton wheel ships (cuobjdump, nvdisasm, ptxas), found
    without importing triton."""
    try:
        spec = importlib.util.find_spec("triton")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin:
        return None
    d = Path(spec.origin).parent / "backends" / "nvidia" / "bin"
    return d if d.is_dir() else None


def find_tool(name: str) -> str | None:
    """``name`` (cuobjdump, nvdisasm, ptxas) from the CUDA toolkit of nvcc, then PATH,
    $CUDA_HOME/bin, /usr/local/cuda/bin, then the copy shipped in the triton wheel."""
    dirs: list[Path] = []
    nvcc = nvcc_path()
    if nvcc:
        dirs.append(Path(nvcc).resolve().parent)
    found = shutil.which(name)
    if found:
        dirs.append(Path(found).parent)
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if root:
            dirs.append(Path(root) / "bin")
    tdir = _triton_tool_dir()
    if tdir is not None:
        dirs.append(tdir)
    for d in dirs:
        p = d / name
        if p.is_file() and os.access(p, os.X_OK):
            return str(p)
    return None


def read_capped(path: Path, cap: int = TOOL_OUTPUT_CAP) -> str:
    """A file the sandboxed tools wrote: a regular file only (no symlink followed), capped."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return ""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return ""
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(cap)
    finally:
        os.close(fd)
    return data.decode(errors="replace")


def release_line(version_text: str) -> str:
    lines = version_text.splitlines()
    return next((ln for ln in lines if "release" in ln), lines[-1] if lines else "")


def locate_tools() -> dict[str, str | None]:
    """The report's ``tools``: nvcc's release line and the path of each tool (None: missing)."""
    cuobjdump, nvdisasm, ptxas = find_tool("cuobjdump"), find_tool("nvdisasm"), find_tool("ptxas")
    cxxfilt = shutil.which("cu++filt") or shutil.which("c++filt") or ""
    nvcc = nvcc_path() or ""
    return {
        "nvcc": release_line(nvcc_version(nvcc)) if nvcc else None,
        "cuobjdump": cuobjdump,
        "nvdisasm": nvdisasm,
        "ptxas": ptxas,
        "cxxfilt": cxxfilt or None,
    }


def run_tools(
    so_path: Path, tdir: Path, arch: str, tools: dict[str, str | None], timeout_s: float
) -> Captured:
    """``TOOLS_SCRIPT`` on a copy of ``so_path`` in ``tdir``, in the sandbox; the files it
    writes there are read back with ``read_capped``."""
    tdir.mkdir(exist_ok=True)
    shutil.copyfile(so_path, tdir / "solution.so")
    (tdir / "inspect.sh").write_text(TOOLS_SCRIPT)
    env = base_env(
        {
            "TMPDIR": str(tdir),
            "CUOBJDUMP": tools["cuobjdump"] or "",
            "NVDISASM": tools["nvdisasm"] or "",
            "PTXAS": tools["ptxas"] or "",
            "CXXFILT": tools["cxxfilt"] or "",
            "ARCH": arch,
        }
    )
    return run_capture(
        ["/bin/sh", "inspect.sh"],
        tdir,
        timeout_s=timeout_s,
        env=env,
        cap_bytes=64 * 1024,
        python=True,  # the tools may be the copies inside the Python environment (triton)
    )
