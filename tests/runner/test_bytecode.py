"""runner.supervisor.bytecode: the private bytecode cache for hosts whose packages come without one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from runner.sandbox import process as proc
from tests.runner.helpers import ROOT, VECTOR_ADD

SOL = VECTOR_ADD / "solutions"


@pytest.fixture
def probe_pkg(tmp_path: Path) -> Path:
    pkg = tmp_path / "pkgs" / "kjprobe"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "mod.py").write_text("VALUE = 42\n")
    return pkg


def _python(code: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    full_env = {k: v for k, v in os.environ.items() if k != "PYTHONPYCACHEPREFIX"}
    full_env.update(PYTHONPATH=f"{tmp_path / 'pkgs'}:{ROOT}", **env)
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=full_env,
        cwd=tmp_path,
        timeout=120,
        check=True,
    )


def test_missing_bytecode_is_detected(probe_pkg, tmp_path):
    ask = "from runner.supervisor import bytecode; print(bytecode.installed_bytecode_missing('kjprobe'))"
    assert _python(ask, tmp_path).stdout.strip() == "True"
    _python(f"import compileall; compileall.compile_dir({str(probe_pkg)!r}, quiet=1)", tmp_path)
    assert _python(ask, tmp_path).stdout.strip() == "False"


def test_enabled_cache_takes_the_writes_and_leaves_sources_clean(probe_pkg, tmp_path):
    prefix = tmp_path / "pyc"
    code = "from runner.supervisor import bytecode; print(bytecode.enable()); import kjprobe.mod"
    out = _python(code, tmp_path, KERNELJUDGE_PYCACHE=str(prefix), PYTHONDONTWRITEBYTECODE="1")
    assert out.stdout.strip() == str(prefix)
    assert [p.name for p in prefix.rglob("mod.*.pyc")] == [
        f"mod.{sys.implementation.cache_tag}.pyc"
    ]
    assert not (probe_pkg / "__pycache__").exists()


def test_off_leaves_imports_alone(probe_pkg, tmp_path):
    code = (
        "import sys; from runner.supervisor import bytecode; print(bytecode.enable(), sys.pycache_prefix);"
        " import kjprobe.mod"
    )
    out = _python(code, tmp_path, KERNELJUDGE_PYCACHE="off", PYTHONDONTWRITEBYTECODE="1")
    assert out.stdout.split() == ["None", "None"]
    assert not list(tmp_path.rglob("*.pyc"))


def test_sandboxed_child_reads_the_cache_and_cannot_write_it(tmp_path):
    """The child gets the directory read-only through the sandbox, at the same path: it
    reads the bytecode, and can neither change it nor add a file (poisoned bytecode would
    run in the trusted supervisor)."""
    prefix = tmp_path / "pyc"
    prefix.mkdir(mode=0o700)  # as a private temporary directory would be
    compile_json = (
        "from runner.supervisor import bytecode; bytecode.enable(); import py_compile, json;"
        " print(py_compile.compile(json.__file__))"
    )
    pyc = Path(_python(compile_json, tmp_path, KERNELJUDGE_PYCACHE=str(prefix)).stdout.strip())
    assert pyc.is_file() and pyc.is_relative_to(prefix)
    workdir = tmp_path / "job"
    workdir.mkdir()
    proc.sandbox_owns(workdir)
    before = pyc.read_bytes()
    check = (
        "import importlib.util as u, sys\n"
        "p = u.cache_from_source(u.find_spec('json').origin)\n"
        "assert open(p, 'rb').read(4)\n"
        "for target in (p, p + '.pwned'):\n"
        "    try:\n"
        "        open(target, 'ab').write(b'x')\n"
        "    except OSError:\n"
        "        continue\n"
        "    sys.exit(4)\n"
    )
    handle = proc.spawn(
        [sys.executable, "-c", check],
        workdir,
        gpu=False,
        env=proc.base_env({"PYTHONPYCACHEPREFIX": str(prefix)}),
        timeout_s=60,
        log_path=tmp_path / "child.log",
    )
    assert handle.wait(60) == 0, (tmp_path / "child.log").read_text()
    assert pyc.read_bytes() == before
    assert not list(prefix.rglob("*.pwned"))


def test_cli_judges_with_the_cache_and_fills_it(tmp_path):
    """A judgement with the private cache on: the supervisor writes torch's bytecode there,
    the sandboxed child imports with it, and the verdict is unchanged."""
    prefix = tmp_path / "pyc"
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "KERNELJUDGE_PYCACHE": str(prefix),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    p = subprocess.run(
        [sys.executable, "-m", "runner", "judge", str(VECTOR_ADD), str(SOL / "correct_pytorch.py"),
         "--device", "cpu", "--mode", "run", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, env=env,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["verdict"] == "accepted"
    assert list(prefix.rglob(f"torch/__init__.{sys.implementation.cache_tag}.pyc"))
