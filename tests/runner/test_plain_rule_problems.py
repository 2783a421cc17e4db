"""Problems without [error_bound] keep the plain rule |got - exp| <= atol + rtol*|exp|, and it is
fair at their benchmark sizes: differently ordered plain-fp32 computations pass, one wrong element
fails (judge's own inputs, reference and comparison; CPU; the GPU benchmark's sizes).
matrix-multiplication is not here: plain fp32 misses its plain rule at the benchmark size, so it
declares [error_bound] (test_error_bound.py), and so do 2d-convolution, whose 225-tap sums miss
it on about one output in 10^9 in a sequential order (test_error_bound.py), and softmax, whose
sum of N exponentials needs sqrt(N) roundings of room (tests/problems/catalog/test_softmax.py).
"""

from __future__ import annotations

import pytest
import torch

from runner.supervisor.verify import compare
from tests.runner.helpers import benchmark_inputs, problem, run_reference_f64

F32 = torch.float32


def _setup(slug, scalars=None, seed=11):
    prob = problem(slug)
    assert prob.error_bound is None
    ref, sc, ins = benchmark_inputs(prob, seed, scalars)
    ((out, expected),) = run_reference_f64(prob, ref, sc, ins).items()
    return prob, sc, ins, expected, out


def _prefix(sc, ins):
    x = ins["input"][: sc["N"]]
    blocks = x.reshape(-1, 1000)
    local = blocks.cumsum(1)
    carry = torch.cat([torch.zeros(1, dtype=F32), local[:, -1].cumsum(0)[:-1]])
    return {
        "sequential cumsum fp32": x.cumsum(0),
        "blocked scan (1000)": (local + carry[:, None]).reshape(-1),
    }


def _reduction(sc, ins):
    x = ins["input"][: sc["N"]]
    n = x.numel() // 256 * 256
    blocks = x[:n].reshape(-1, 256).sum(1)
    return {
        "torch sum fp32": x.sum().reshape(1),
        "sequential fp32": x.cumsum(0)[-1:].clone(),
        "blocks of 256, then sum": (blocks.sum() + x[n:].sum()).reshape(1),
    }


CASES = {
    "prefix-sum": (_prefix, None),
    "reduction": (_reduction, None),
}


@pytest.mark.parametrize("slug", list(CASES))
def test_plain_rule_fair_and_strict(slug):
    fn, sizes = CASES[slug]
    prob, sc, ins, exp, out = _setup(slug, sizes)
    for name, got in fn(sc, ins).items():
        c = compare(out, got.to(F32), exp, "f32", prob.atol, prob.rtol)
        assert c.passed, f"{slug} {sc}: fp32 order {name!r} rejected: {c.first_mismatch}"
    wrong = exp.clone().reshape(-1)
    wrong[wrong.numel() // 2] += 100 * (
        prob.atol + prob.rtol * float(wrong[wrong.numel() // 2].abs())
    )
    assert not compare(out, wrong, exp, "f32", prob.atol, prob.rtol).passed
