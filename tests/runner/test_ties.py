"""The tie rule ([[ties]], runner/supervisor/ties.py) through the judge's own comparison
(checks.compare_output and check_call) on the catalog's tie problems, with their tests' own
inputs and reference: the reference run on columns permuted at random (so equal values come in
a random order) passes, and an index that selects another value, a repeated index and an index
out of range fail."""

from __future__ import annotations

import pytest
import torch

from runner.contract import ProblemSpec, SpecError
from runner.supervisor.checks import check_call, compare_output, expected_and_allowance
from runner.supervisor.inputs import derive_seed, generate_inputs, load_reference
from runner.supervisor.verify import describe
from tests.runner.helpers import problem

# (slug, the test with many ties, the index output, the input it indexes)
TIE_PROBLEMS = [
    ("moe-top-k-gating", "many ties (M=300, E=40, k=6, integer logits)", "topk_indices", "logits"),
    ("top-k-sampling", "ties, k at a tie boundary, temperature 2", "tokens", "logits"),
    ("top-p-sampling", "integer logits with ties, p = 0.7", "sampled_token", "logits"),
]


def _case(prob: ProblemSpec, name: str, seed: int = 7):
    case = next(t for t in prob.tests if t.name == name)
    ref = load_reference(prob)
    ins = generate_inputs(
        prob, case, derive_seed(seed, name), "cpu", getattr(ref, "make_inputs", None)
    )
    return ref, dict(case.scalars), ins


def _permuted_answer(prob, ref, scalars, ins, values: str, gen) -> dict:
    """The reference's outputs for the inputs with the last axis of ``values`` permuted at
    random, its indices mapped back: the answer of another order of equal values."""
    n = ins[values].shape[-1]
    perm = torch.randperm(n, generator=gen)
    shuffled = {**ins, values: ins[values][..., perm].contiguous()}
    out, _ = expected_and_allowance(prob, ref, shuffled, scalars)
    for rule in prob.ties:
        idx = out[rule.output].to(torch.int64)
        out[rule.output] = perm[idx].to(torch.int32)
    return out


def _passes(prob, got: dict, expected: dict, ins: dict) -> dict[str, bool]:
    return {
        p.name: compare_output(prob, p, got[p.name], expected[p.name], inputs=ins).passed
        for p in prob.tensor_params
        if p.is_output
    }


@pytest.mark.parametrize(("slug", "test", "output", "values"), TIE_PROBLEMS)
def test_every_random_order_of_equal_values_passes(slug, test, output, values) -> None:
    prob = problem(slug)
    assert prob.tie_rule(output).values == values
    ref, scalars, ins = _case(prob, test)
    expected, _ = expected_and_allowance(prob, ref, ins, scalars)
    gen = torch.Generator().manual_seed(3)
    differs = 0
    for _ in range(8):
        got = _permuted_answer(prob, ref, scalars, ins, values, gen)
        differs += not torch.equal(got[output].to(torch.int64), expected[output].to(torch.int64))
        assert all(_passes(prob, got, expected, ins).values())
    assert differs  # the ties decide the answer in this test: another order is another answer


@pytest.mark.parametrize(("slug", "test", "output", "values"), TIE_PROBLEMS)
def test_an_index_of_another_value_fails(slug, test, output, values) -> None:
    prob = problem(slug)
    ref, scalars, ins = _case(prob, test)
    expected, _ = expected_and_allowance(prob, ref, ins, scalars)
    got = {k: v.clone() for k, v in expected.items()}
    row = ins[values].reshape(-1, ins[values].shape[-1])[0]
    first = int(got[output].reshape(-1)[0])
    other = int(torch.nonzero(row != row[first])[0, 0])
    got[output].reshape(-1)[0] = other
    cmp = compare_output(prob, prob.param(output), got[output], expected[output], inputs=ins)
    assert not cmp.passed and cmp.mismatches == 1
    assert cmp.first_mismatch["got"] == other and "any index whose value equals" in describe(
        test, scalars, cmp, tuple(expected[output].shape)
    )


@pytest.mark.parametrize(("slug", "test", "output", "values"), TIE_PROBLEMS)
def test_an_index_out_of_range_fails(slug, test, output, values) -> None:
    prob = problem(slug)
    ref, scalars, ins = _case(prob, test)
    expected, _ = expected_and_allowance(prob, ref, ins, scalars)
    for bad in (-1, ins[values].shape[-1]):
        got = expected[output].clone()
        got.reshape(-1)[0] = bad
        cmp = compare_output(prob, prob.param(output), got, expected[output], inputs=ins)
        assert not cmp.passed and cmp.first_mismatch["got"] == bad


def test_a_repeated_expert_fails_even_where_its_logit_is_right() -> None:
    prob = problem("moe-top-k-gating")
    test = "ties in any order (M=2, E=6, k=3)"
    ref, scalars, ins = _case(prob, test)
    expected, _ = expected_and_allowance(prob, ref, ins, scalars)
    got = expected["topk_indices"].clone()
    assert got[0].tolist() == [1, 2, 4]  # row [1, 2, 2, 0, 2, 1]: three equal logits
    reordered = {**expected, "topk_indices": got[:, [2, 0, 1]]}
    assert all(_passes(prob, reordered, expected, ins).values())
    got[0, 2] = 1  # logit 2 as expected, but expert 1 is already chosen
    cmp = compare_output(
        prob, prob.param("topk_indices"), got, expected["topk_indices"], inputs=ins
    )
    assert not cmp.passed and cmp.first_mismatch["index"] == [0, 2]
    assert "appears twice" in cmp.first_mismatch["note"]


def test_check_call_applies_the_rule_to_sampled_elements_and_reports_their_place() -> None:
    prob = problem("moe-top-k-gating")
    test = "many ties (M=300, E=40, k=6, integer logits)"
    ref, scalars, ins = _case(prob, test)
    expected, _ = expected_and_allowance(prob, ref, ins, scalars)
    gen = torch.Generator().manual_seed(5)
    post = {**ins, **_permuted_answer(prob, ref, scalars, ins, "logits", gen)}
    sample = torch.arange(600, 1200)  # rows 100..199 of the indices, read in part
    part = {"topk_indices": sample}
    sampled = {**post, "topk_indices": post["topk_indices"].reshape(-1)[sample]}
    assert check_call(prob, ref, "submit", test, scalars, ins, scalars, sampled, part)[0]
    wrong = sampled["topk_indices"].clone()
    wrong[7] = wrong[6]  # row 101: its sixth index repeats its fifth
    ok, entry, msg = check_call(
        prob, ref, "submit", test, scalars, ins, scalars, {**sampled, "topk_indices": wrong}, part
    )
    assert not ok and entry["first_mismatch"]["index"] == [101, 1]
    assert "appears twice" in msg


def test_the_rule_needs_the_inputs() -> None:
    prob = problem("top-p-sampling")
    out = prob.param("sampled_token")
    with pytest.raises(ValueError, match="needs the input logits"):
        compare_output(prob, out, torch.zeros(1), torch.zeros(1))


def test_a_spec_round_trip_keeps_the_rule() -> None:
    prob = problem("moe-top-k-gating")
    again = ProblemSpec.from_dict(prob.to_dict())
    assert again.ties == prob.ties and again.tie_rule("topk_indices").distinct


@pytest.mark.parametrize(
    ("rule", "error"),
    [
        ({"output": "topk_weights", "values": "logits"}, "not an integer out"),
        ({"output": "topk_indices", "values": "topk_weights"}, "not an input tensor"),
        ({"output": "topk_indices", "values": "logits", "distinct": 1}, "true or false"),
        ({"output": "topk_indices", "values": "logits", "order": "any"}, "unknown field"),
    ],
)
def test_a_malformed_rule_is_refused(rule, error) -> None:
    data = problem("moe-top-k-gating").to_dict()
    with pytest.raises(SpecError, match=error):
        ProblemSpec.from_dict({**data, "ties": [rule]})


def test_two_rules_for_one_output_are_refused() -> None:
    data = problem("moe-top-k-gating").to_dict()
    rule = {"output": "topk_indices", "values": "logits"}
    with pytest.raises(SpecError, match="two rules"):
        ProblemSpec.from_dict({**data, "ties": [rule, rule]})
