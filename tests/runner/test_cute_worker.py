"""CuTe DSL on a worker, without the package: the judgement on the CPU device, a worker that
lacks the package, where the child finds it and the DSL's cache settings."""

from __future__ import annotations

import site
from pathlib import Path
from types import SimpleNamespace

import pytest

from runner import judge
from runner.contract import CPU_LANGUAGES, LANGUAGES, STARTER_FILES, language_of_file
from runner.supervisor import cutedsl, preparation
from runner.supervisor.outcome import Verdict

from .helpers import CATALOG, job


def fake_install(root: Path) -> Path:
    """A directory laid out as the package's wheels unpack (``cutlass`` in dsl_packages)."""
    pkgs = root / "nvidia_cutlass_dsl" / "dsl_packages" / "cutlass"
    pkgs.mkdir(parents=True)
    (pkgs / "__init__.py").write_text("")
    return root


@pytest.fixture
def no_cache():
    cutedsl.install_dirs.cache_clear()
    yield
    cutedsl.install_dirs.cache_clear()


def test_cute_is_a_gpu_language_of_the_vocabulary():
    assert "cute" in LANGUAGES and "cute" not in CPU_LANGUAGES
    assert STARTER_FILES["cute"] == "solution_cute.py"
    assert language_of_file("correct_cute.py") == "cute"


def test_cute_job_on_the_cpu_device_is_an_internal_error_naming_the_gpu_worker():
    source = (CATALOG / "vector-add" / "solutions" / "correct_cute.py").read_text()
    r = judge(job(source, language="cute"))
    assert r.verdict == "internal_error"
    assert r.message == (
        "The CuTe DSL solution can only run on a GPU worker (device 'cuda'); this job asked "
        "for device 'cpu'."
    )


def test_worker_without_the_package_says_it_lacks_cute_dsl(monkeypatch):
    monkeypatch.setattr(cutedsl, "install_dirs", lambda: None)
    j = SimpleNamespace(job=SimpleNamespace(language="cute", device="cuda"))
    with pytest.raises(Verdict) as info:
        preparation.require_language_package(j)
    assert info.value.verdict == "internal_error"
    assert "lacks CuTe DSL (the pip package nvidia-cutlass-dsl)" in info.value.message


def test_other_languages_need_no_package_check(monkeypatch):
    monkeypatch.setattr(cutedsl, "install_dirs", lambda: None)
    preparation.require_language_package(
        SimpleNamespace(job=SimpleNamespace(language="cuda", device="cuda"))
    )


def test_package_on_pythonpath_is_mounted_and_added_for_the_child(tmp_path, monkeypatch, no_cache):
    root = fake_install(tmp_path / "site")
    monkeypatch.syspath_prepend(str(root))
    pythonpath, binds = cutedsl.child_paths()
    pkgs = root.resolve() / "nvidia_cutlass_dsl" / "dsl_packages"
    assert pythonpath == [str(root.resolve()), str(pkgs)]
    assert binds == [root.resolve()]


def test_package_in_site_packages_needs_only_its_dsl_packages(tmp_path, monkeypatch, no_cache):
    root = fake_install(tmp_path / "venv-site")
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setattr(site, "getsitepackages", lambda: [str(root)])
    pythonpath, binds = cutedsl.child_paths()
    assert pythonpath == [str(root.resolve() / "nvidia_cutlass_dsl" / "dsl_packages")]
    assert binds == []


def test_no_package_no_paths(monkeypatch):
    monkeypatch.setattr(cutedsl, "install_dirs", lambda: None)
    assert cutedsl.child_paths() == ([], [])


def test_compiled_kernels_are_not_cached_on_disk_and_the_cache_dir_is_the_jobs(tmp_path):
    env = cutedsl.cute_env(tmp_path)
    assert env["CUTE_DSL_DISABLE_FILE_CACHING"] == "1"
    assert Path(env["CUTE_DSL_CACHE_DIR"]).parent == tmp_path
    assert Path(env["CUTE_DSL_DUMP_DIR"]).parent == tmp_path


def test_runner_command_line_guesses_cute_from_the_name_or_the_import(tmp_path):
    from runner.__main__ import _guess_language

    starter = tmp_path / "starter.cute.py"
    starter.write_text("def solve(A, B, C, N):\n    pass\n")
    importing = tmp_path / "k.py"
    importing.write_text("import torch\nimport cutlass.cute as cute\n")
    assert _guess_language(starter) == "cute"
    assert _guess_language(importing) == "cute"


def test_validation_skips_cute_where_the_package_is_missing(monkeypatch):
    from runner.tools.validate import runnable_on

    monkeypatch.setattr(cutedsl, "install_dirs", lambda: None)
    assert not runnable_on("cute", "cuda")
    assert not runnable_on("cute", "cpu")
    monkeypatch.setattr(cutedsl, "install_dirs", lambda: (Path("/x"), Path("/x/dsl_packages")))
    assert runnable_on("cute", "cuda")
