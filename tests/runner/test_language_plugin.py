"""A language added through the plug-in shape alone (docs/languages/README.md): a throw-away
language whose "compiler" copies a Python file and whose child module loads the copy, written
into this test's own folder, registered, and judged end to end through ``runner.judge``: the
supervisor builds it, the sandboxed child loads its child module from the folder the worker's
PYTHONPATH names, and the verdicts are the judge's. Nothing outside the test's folder and the
registry is touched."""

from __future__ import annotations

import os
import sys
import textwrap

import pytest

from runner import judge
from runner.contract import languages

from .helpers import job

PACKAGE = "kj_copy_language"

SUPERVISOR = '''
"""The trusted side: the "compiler" copies the source to the file the child loads."""
import shutil

from runner.supervisor.language import SupervisorLanguage


class Copy(SupervisorLanguage):
    name = "copy"

    def build(self, j):
        j.emit({"phase": "compiling"})
        source = j.dir / "solution.copy"
        source.write_text(j.job.source)
        built = j.dir / "built_solution.py"
        shutil.copyfile(source, built)
        j.phases["compile_s"] = 0.0
        j.flags.append("copied_by_the_copy_language")
        return built


LANGUAGE = Copy()
'''

CHILD = '''
"""The untrusted side: the copied file is run, and its `solve` called with torch tensors."""
import runpy

from runner.child.language import ChildLanguage


class Copy(ChildLanguage):
    def load(self, path, msg):
        print("the copy language's child loads", path.rsplit("/", 1)[-1])
        solve = runpy.run_path(path).get("solve")
        return solve if callable(solve) else None


LANGUAGE = Copy
'''

CORRECT = "def solve(A, B, C, N):\n    C.copy_(A + B)\n"
WRONG = "def solve(A, B, C, N):\n    C.copy_(A - B)\n"


@pytest.fixture
def copy_language(tmp_path, monkeypatch):
    """The language's package in this test's folder, on the supervisor's sys.path and the
    worker's PYTHONPATH (which the child is given), and its record in the registry."""
    site = tmp_path / "site"
    package = site / PACKAGE
    package.mkdir(parents=True)
    for name, text in (("__init__.py", ""), ("supervisor.py", SUPERVISOR), ("child.py", CHILD)):
        (package / name).write_text(textwrap.dedent(text))
        (package / name).chmod(0o644)
    for folder in (site, package):
        folder.chmod(0o755)  # the sandboxed child runs as another user
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]))
    record = languages.register(
        languages.Language(
            "copy", "Copy (a test)", "solution.copy", ("cpu",), suffixes=(".copy",), package=PACKAGE
        )
    )
    try:
        yield record
    finally:
        languages.unregister("copy")
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_the_plugin_is_found_through_its_record(copy_language):
    from runner.supervisor.language import plugin

    assert copy_language.plugin == PACKAGE
    assert plugin("copy").name == "copy"
    assert languages.language_of_source("mine.copy", CORRECT) == "copy"


def test_a_correct_solution_is_accepted_with_a_benchmark(copy_language):
    r = judge(job(CORRECT, language="copy", mode="submit"))
    assert r.verdict == "accepted", (r.message, r.details, r.stderr[-2000:])
    assert "copied_by_the_copy_language" in r.flags  # its supervisor side built it
    assert "the copy language's child loads built_solution.py" in r.stdout  # its child side
    assert r.benchmark and r.benchmark["score_ms"] > 0
    assert r.protections["reference_in_child"] is False


def test_a_wrong_solution_is_a_wrong_answer(copy_language):
    r = judge(job(WRONG, language="copy", mode="run"))
    assert r.verdict == "wrong_answer", (r.message, r.details, r.stderr[-2000:])


def test_an_unregistered_language_is_no_job(copy_language):
    languages.unregister("copy")
    with pytest.raises(Exception, match="language: 'copy'"):
        job(CORRECT, language="copy", mode="run")
