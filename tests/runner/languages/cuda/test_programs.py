"""Our own CUDA programs judged on the CPU through the emulation, against the catalog's
references: each correct one (the styles people write: tiling, shuffles, scans, atomics,
templates, half math, grid-stride loops, cooperative groups, vector loads, lambdas) is accepted
on every CPU test and gets no diagnostic on a Run; each broken one gets the diagnostic its
header names, with the kernel, the line (marked ``// BUG``) and the index (programs/,
described in program_set.py).
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from runner import judge

from ...helpers import job, problem
from .program_set import BROKEN, CORRECT, bug_line, header

DIAGNOSTIC_FLAG = "emulation_diagnostic"

# the words each kind of diagnostic must contain (the emulation's own runtime errors for the
# last three: a GPU would hang, return garbage or lose an update)
KIND_WORDS = {
    "out-of-bounds read": "out-of-bounds read of",
    "out-of-bounds write": "out-of-bounds write of",
    "race": "shared-memory race",
    "uninitialised shared memory": "shared memory that no thread wrote",
    "divergent barrier": "barrier",
    "shuffle mask": "mask",
    "lost update": "a lost update",
}
# the kinds whose diagnostic names the faulty line (a race or an uninitialised read is found
# by comparing outputs, which names the kernel and the output element)
LINE_NAMED = (
    "out-of-bounds read",
    "out-of-bounds write",
    "divergent barrier",
    "shuffle mask",
    "lost update",
)


def test_every_broken_program_names_a_known_diagnostic():
    assert len(CORRECT) >= 10 and len(BROKEN) >= 8
    for path in BROKEN:
        h = header(path)
        assert h["kind"] in KIND_WORDS, path.name
        assert h["kernel"] and bug_line(path), path.name


@pytest.mark.parametrize("path", CORRECT, ids=lambda p: p.stem)
def test_correct_program_accepted_on_every_cpu_test_without_diagnostic(path):
    slug = header(path)["problem"]
    source = path.read_text()
    run = judge(job(source, language="cuda", mode="run", slug=slug))
    assert run.verdict == "accepted", (run.message, run.compile_log[-2000:], run.details)
    assert DIAGNOSTIC_FLAG not in run.flags, run.message
    assert "emulation_diagnostics_failed" not in run.flags
    # every test the problem runs on the CPU (mode submit), without the benchmark
    spec = dataclasses.replace(problem(slug), benchmarks=())
    full = judge(dataclasses.replace(job(source, language="cuda", slug=slug), problem=spec))
    assert full.verdict == "accepted", (full.message, full.details)
    assert sum(1 for t in full.tests if t.get("passed")) > len(run.tests)


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.stem)
def test_broken_program_gets_its_diagnostic(path):
    h = header(path)
    r = judge(job(path.read_text(), language="cuda", mode="run", slug=h["problem"]))
    text = r.message
    assert r.verdict in ("accepted", "wrong_answer", "runtime_error"), (r.verdict, text)
    assert KIND_WORDS[h["kind"]] in text.lower(), text
    assert f"kernel {h['kernel']}" in text or f"'{h['kernel']}'" in text, text
    if "index" in h:
        assert h["index"] in text, text
    if "extent" in h:
        assert f"({h['extent']})" in text, text
    if h["kind"] in LINE_NAMED:
        assert f"line {bug_line(path)}" in text, text
    if "block" in h:
        assert re.search(rf"\bblock \(?{h['block']}\b", text), text
    if "thread" in h:
        assert re.search(rf"\bthread \(?{h['thread']}\b", text), text
    if r.verdict == "accepted":  # found beside the verdict, which it never changes
        assert DIAGNOSTIC_FLAG in r.flags
