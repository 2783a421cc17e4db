"""What a speedup compares against (runner/supervisor/reftime.py, problems/benchmarks.py): the
package's baseline.py, else a reference in the problem's precision, never a float64 one; and a
softmax judged on the CPU says so in its result."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from problems.benchmarks import baseline_label
from runner import judge
from runner.contract import ProblemSpec, SpecError
from runner.supervisor.reftime import NO_BASELINE, REFERENCE_LABEL, baseline_of

from .helpers import CATALOG, job


def _judgement(slug: str) -> SimpleNamespace:
    problem = ProblemSpec.from_dir(CATALOG / slug)
    return SimpleNamespace(problem=problem, reference=SimpleNamespace(reference=object()))


def test_a_baseline_py_is_the_baseline_with_its_label():
    j = _judgement("softmax")
    fn, label = baseline_of(j)
    assert label == "torch.softmax in float32" and fn.__name__ == "baseline"
    assert baseline_label(j.problem.to_dict()) == label


def test_a_reference_in_the_problems_precision_is_the_baseline():
    j = _judgement("vector-add")
    assert j.problem.reference_precision == "native" and not j.problem.baseline_source
    assert baseline_of(j) == (j.reference.reference, REFERENCE_LABEL)
    assert baseline_label(j.problem.to_dict()) == REFERENCE_LABEL


def test_a_float64_reference_is_never_the_baseline():
    slug = next(
        p.name
        for p in sorted(CATALOG.iterdir())
        if (p / "problem.toml").is_file()
        and 'reference_precision = "f64"' in (p / "problem.toml").read_text()
        and not (p / "baseline.py").exists()
    )
    j = _judgement(slug)
    assert baseline_of(j) == (None, NO_BASELINE)
    assert "float64" in baseline_label(j.problem.to_dict())


def test_a_baseline_source_without_a_baseline_function_is_refused():
    data = ProblemSpec.from_dir(CATALOG / "vector-add").to_dict()
    with pytest.raises(SpecError, match="baseline_source"):
        ProblemSpec.from_dict({**data, "baseline_source": "x = 1\n"})


def test_softmax_judged_on_the_cpu_compares_against_torch_softmax_in_float32():
    source = (CATALOG / "softmax" / "solutions" / "correct_manual_pytorch.py").read_text()
    r = judge(job(source, slug="softmax"))
    assert r.verdict == "accepted", (r.message, r.details)
    for case in r.benchmark["cases"]:
        assert case["baseline"] == "torch.softmax in float32"
        assert case["baseline_median_ms"] > 0
        assert case["speedup"] == pytest.approx(case["baseline_median_ms"] / case["median_ms"])
