"""Where a worker's Mojo compiler is, its version, and the environment its builds and the
sandboxed child get (trusted side).

A worker names the compiler with ``KERNELJUDGE_MOJO`` (the ``mojo`` binary), or has ``mojo`` on
its PATH, or has the wheels unpacked into a folder named in its PYTHONPATH (how a GPU box
without internet receives them: ``<folder>/modular/bin/mojo``). The pip package's ``bin/mojo``
in a virtual environment is a Python wrapper around ``<site-packages>/modular/bin/mojo``; the
runner always runs the real binary, with the variables the wrapper would set.

Every path Mojo would write to (its home, its caches, its state and config folders) is inside
the folder the compiler or the child runs in, which belongs to one job and is deleted with it;
telemetry and crash reporting are off (both would open network connections, which the sandbox
refuses anyway).
"""

from __future__ import annotations

import functools
import os
import platform
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ENV_SETTING = "KERNELJUDGE_MOJO"
MISSING = (
    "This judge worker lacks Mojo: no `mojo` compiler was found (KERNELJUDGE_MOJO, PATH, or "
    "modular/bin/mojo in a folder of PYTHONPATH). Mojo solutions need a GPU worker that has "
    "the mojo 1.2.0 compiler with MAX's GPU library (docs/languages/mojo.md)."
)
# the standard library's package, present in every usable install
STD_PACKAGE = Path("lib", "mojo", "std.mojoc")


@dataclass(frozen=True)
class MojoInstall:
    """A Mojo install laid out as the wheels unpack it: ``root`` is the ``modular`` folder."""

    binary: Path  # root/bin/mojo
    root: Path

    @property
    def lib_dir(self) -> Path:
        """The runtime libraries a built library loads (its RUNPATH names this folder)."""
        return self.root / "lib"

    @property
    def import_dir(self) -> Path:
        return self.root / "lib" / "mojo"

    def sdk_env(self) -> dict[str, str]:
        """The variables the pip package's wrapper sets before it runs the compiler."""
        return {
            "MODULAR_MAX_PACKAGE_ROOT": str(self.root),
            "MODULAR_MOJO_MAX_PACKAGE_ROOT": str(self.root),
            "MODULAR_MOJO_MAX_DRIVER_PATH": str(self.binary),
            "MODULAR_MOJO_MAX_IMPORT_PATH": str(self.import_dir),
        }


def _install_at(binary: Path) -> MojoInstall | None:
    """The install a ``mojo`` file belongs to: the binary itself (``<root>/bin/mojo`` beside
    ``<root>/lib/mojo/std.mojoc``), or for the pip wrapper script in a virtual environment's
    bin, the ``modular`` folder of that environment's site-packages."""
    try:
        binary = binary.resolve()
    except OSError:
        return None
    if not binary.is_file():
        return None
    root = binary.parent.parent
    if binary.parent.name == "bin" and (root / STD_PACKAGE).is_file():
        return MojoInstall(binary, root)
    for site_dir in sorted(root.glob("lib/python3*/site-packages")):
        found = _install_in(site_dir)
        if found is not None:
            return found
    return None


def _install_in(folder: Path) -> MojoInstall | None:
    """The install unpacked into ``folder`` (``folder/modular/bin/mojo``), if any."""
    binary = folder / "modular" / "bin" / "mojo"
    if binary.is_file() and (binary.parent.parent / STD_PACKAGE).is_file():
        return MojoInstall(binary.resolve(), binary.parent.parent.resolve())
    return None


def find_install() -> MojoInstall | None:
    """This worker's Mojo: ``$KERNELJUDGE_MOJO``, else ``mojo`` on PATH, else
    ``modular/bin/mojo`` in a folder of PYTHONPATH (or of this interpreter's site-packages);
    None when there is none. A ``KERNELJUDGE_MOJO`` that names nothing usable means none."""
    named = os.environ.get(ENV_SETTING)
    if named:
        return _install_at(Path(named))
    on_path = path_binary()
    if on_path:
        found = _install_at(Path(on_path))
        if found is not None:
            return found
    for folder in python_folders():
        found = _install_in(Path(folder))
        if found is not None:
            return found
    return None


def path_binary() -> str | None:
    """``mojo`` on this process's PATH."""
    return shutil.which("mojo")


def python_folders() -> list[str]:
    """The folders of PYTHONPATH, then this interpreter's site-packages."""
    folders = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return folders + [p for p in sys.path if p.endswith("site-packages")]


_VERSIONS: dict[Path, str] = {}


def version(install: MojoInstall) -> str:
    """``mojo --version`` (``Mojo 1.2.0 (2016d0cd)``), once per binary."""
    if install.binary not in _VERSIONS:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **quiet_env()}
        env.update(install.sdk_env())
        out = subprocess.run(
            [str(install.binary), "--version"],
            capture_output=True,
            text=True,
            timeout=60,
            env=env,
        )
        _VERSIONS[install.binary] = (out.stdout or out.stderr).strip()
    return _VERSIONS[install.binary]


@functools.cache
def host_cpu() -> str:
    """The host's CPU model (read once per process): ``mojo build`` targets the host CPU by
    default, so a cached library is only reused on the same kind of CPU."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def quiet_env() -> dict[str, str]:
    """No telemetry and no crash reporting (each would open a network connection)."""
    return {"MODULAR_TELEMETRY_ENABLED": "0", "MODULAR_CRASH_REPORTING_ENABLED": "0"}


def private_dirs_env(folder: Path) -> dict[str, str]:
    """Mojo's home, caches, state, data and config folders inside ``folder`` (a job's own),
    never a shared one such as the host's ~/.cache/modular."""
    return {
        "MODULAR_HOME": str(folder / ".modular"),
        "MODULAR_CACHE_DIR": str(folder / ".modular-cache"),
        "XDG_CACHE_HOME": str(folder / ".cache"),
        "XDG_STATE_HOME": str(folder / ".local" / "state"),
        "XDG_DATA_HOME": str(folder / ".local" / "share"),
        "XDG_CONFIG_HOME": str(folder / ".config"),
    }


def child_env(job_dir: Path) -> dict[str, str]:
    """Mojo's settings in every GPU child (a spare does not know its language yet; they change
    nothing for the other languages): its runtime's folders in the job's, no telemetry, and
    the install's paths where the worker has one."""
    install = find_install()
    sdk = install.sdk_env() if install is not None else {}
    return {**sdk, **quiet_env(), **private_dirs_env(job_dir)}


def child_binds() -> list[Path]:
    """Folders a GPU child must see read-only to load a built library: the install's runtime
    libraries, which the library's RUNPATH names by their absolute path; none without Mojo."""
    install = find_install()
    return [install.lib_dir] if install is not None else []
