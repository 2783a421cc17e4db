"""Records what the Mojo compiler prints for broken versions of tests/runner/data/mojo/
vector_add.mojo, one JSON file per case beside this script, for the unit tests of the compile
log's mapping (tests/runner/test_mojo_units.py), which run without the compiler.

    PYTHONPATH=$PWD python tests/runner/data/mojo_errors/record.py

Each case replaces one piece of the vector add (``old`` by ``new``) and builds it as the judge
does (runner/supervisor/mojo_build.py: same command, flags and environment, run in a folder
named like a job's build folder, outside the sandbox); the file keeps the source, the folder,
the exit status and the raw output.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
sys.path.insert(0, str(ROOT))

from runner.supervisor import mojo, mojo_build  # noqa: E402

BASE = (HERE.parent / "mojo" / "vector_add.mojo").read_text()
CASES = {
    "type_error": (
        "        var ctx = DeviceContext()\n",
        '        var ctx = DeviceContext()\n        var blocks: Int32 = "many"\n',
    ),
    "undefined_name": (
        "C[unsafe_offset=i] = A[unsafe_offset=i]",
        "C[unsafe_offset=i] = A[unsafe_offset=j]",
    ),
    "missing_export": ("@export\ndef solve(", "def solve("),
    "wrong_parameter_type": (
        "    C: Pointer[Float32, MutAnyOrigin],\n    N: Int32,\n) abi",
        "    C: Pointer[Float32, MutAnyOrigin],\n    N: Float32,\n) abi",
    ),
    "syntax_error": ("    if i < N:\n", "    if i < N\n"),
    "raises_with_c_abi": (') abi("C"):\n', ') abi("C") raises:\n'),
}


def record(name: str, old: str, new: str, install: mojo.MojoInstall) -> dict:
    assert BASE.count(old) == 1, name
    source = BASE.replace(old, new)
    job = Path(tempfile.mkdtemp(prefix="kj-job-"))
    build = job / "build"
    build.mkdir()
    (build / mojo_build.USER_FILE).write_text(source)
    argv, env = mojo_build.build_command(install, build, "sm_90")
    out = subprocess.run(argv, cwd=build, env=env, capture_output=True, text=True, timeout=300)
    return {
        "name": name,
        "compiler": mojo.version(install),
        "build_dir": str(build),
        "install_root": str(install.root),
        "install_binary": str(install.binary),
        "returncode": out.returncode,
        "built": (build / mojo_build.OUTPUT).is_file(),
        "source": source,
        "output": out.stdout + out.stderr,
    }


def main() -> None:
    install = mojo.find_install()
    if install is None:
        raise SystemExit(mojo.MISSING)
    for name, (old, new) in CASES.items():
        data = record(name, old, new, install)
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
        print(name, data["returncode"], data["output"].count("error:"), "errors")


if __name__ == "__main__":
    main()
