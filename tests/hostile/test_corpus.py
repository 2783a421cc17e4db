"""Every hostile submission of tests/hostile/cases, judged through the real runner.

One test per case: the verdict must be one of the case's expected verdicts and every host
check must pass (nothing written outside the job folder, watched files intact, no canary secret
in the result, Redis canary intact, PostgreSQL canary table intact, supervisor alive, no job
process or cgroup left behind). CUDA cases of the GPU device carry the ``gpu`` mark: on a
CPU-only machine they are the only skips; those that name ``cpu_expected`` are judged on the CPU
device too, through the emulation, as ``<name>@cpu``.
"""

from __future__ import annotations

import importlib.util
import re
import shutil

import pytest

from runner.supervisor import cutedsl, mojo
from runner.tools.hostile import (
    HostGuard,
    failures,
    judge_case,
    load_cases,
    load_cases_with_cpu_runs,
)
from runner.tools.hostile.cases import REPO
from tests.hostile import records

CASES = load_cases_with_cpu_runs()  # the CUDA cases that make sense on the CPU twice


def _has_gpu() -> bool:
    try:
        import torch

        return torch.cuda.is_available()
    except Exception:  # noqa: BLE001
        return False


def _has_emulation() -> bool:
    try:
        return importlib.util.find_spec("runner.languages.cuda.cpu_build") is not None
    except ModuleNotFoundError:
        return False


@pytest.fixture(scope="module")
def guard():
    with HostGuard() as g:
        yield g


def _param(c):
    marks = [pytest.mark.timeout(180)] if hasattr(pytest.mark, "timeout") else []
    if c.device == "cuda":
        marks += [
            pytest.mark.gpu,
            pytest.mark.skipif(not _has_gpu(), reason="CUDA case: needs a GPU"),
        ]
    if c.device == "cpu" and c.accepted_with_flags:
        # caught by the CPU-seconds bound only while the child gets a core of its own: a
        # wall-clock forgery starved by another test's load burns fewer CPU seconds per call
        marks.append(pytest.mark.serial)
    if c.language == "cuda" and c.device == "cpu" and not _has_emulation():
        marks.append(pytest.mark.skip(reason="needs CUDA's CPU emulation (runner/languages/cuda)"))
    if c.language == "cuda" and c.device == "cuda" and not shutil.which("nvcc"):
        marks.append(pytest.mark.skip(reason="needs nvcc"))
    if c.open_gap:
        marks.append(pytest.mark.xfail(reason=f"open gap: {c.open_gap}", strict=False))
    if c.language == "cute" and cutedsl.install_dirs() is None:
        marks.append(pytest.mark.skip(reason="needs nvidia-cutlass-dsl"))
    if c.language == "mojo" and mojo.find_install() is None:
        marks.append(pytest.mark.skip(reason="needs the mojo compiler"))
    return pytest.param(c, id=c.name, marks=marks)


def test_corpus_is_big_enough():
    assert len(CASES) >= 40
    assert {
        "fork-bomb",
        "memory-bomb",
        "endless-loop",
        "include-etc-passwd",
        "template-bomb",
        "redis-connect",
        "postgres-connect",
        "monkeypatch-timer",
    } <= {c.name for c in CASES}
    for c in CASES:
        assert c.why and c.expected and (c.dir / c.source).is_file(), c.name
    on_the_cpu = {c.name for c in CASES if c.language == "cuda" and c.device == "cpu"}
    assert {"endless-kernel@cpu", "gpu-malloc-loop@cpu", "template-bomb"} <= on_the_cpu


def test_security_doc_states_the_corpus_size_of_the_case_folders():
    text = (REPO / "docs" / "security.md").read_text()
    m = re.search(r"The corpus holds (\d+) cases: (\d+) judged on the CPU and (\d+) on a GPU", text)
    assert m, "docs/security.md no longer states the corpus size"
    folders = load_cases()  # each case once (CASES adds the CPU runs of GPU cases)
    cpu = sum(c.device == "cpu" for c in folders)
    assert tuple(map(int, m.groups())) == (len(folders), cpu, len(folders) - cpu)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_hostile_case_is_contained(case, guard):
    if guard.redis_why or guard.pg_why:
        pytest.fail(f"host services must be up for the corpus: {guard.redis_why} {guard.pg_why}")
    r = judge_case(case, guard)
    if case.device == "cpu":
        records.keep(case.name, r)  # for the Docker backend's comparison
    assert not failures(case, r), "; ".join(failures(case, r))
