"""LeetGPU's calling form of simple-inference ([linear_module], runner/child/module_form.py):
the form is read from the number of parameters solve declares, the layer's weight and bias are
the arena's own tensors (a write through the layer is a modified input), and the judge accepts
a solution in either form (CPU)."""

from __future__ import annotations

import functools

import pytest
import torch

from runner import judge
from runner.child.module_form import linear, solve_params
from runner.contract import Limits, ProblemSpec, SpecError
from tests.runner.helpers import job, problem

DECLARED = {"name": "model", "weight": "weight", "bias": "bias"}
LIMITS = Limits(benchmark_budget_s=0.2, max_timed_runs=2, min_timed_runs=1)


def _params() -> list[dict]:
    return [
        {"name": p.name, "dtype": p.dtype, "role": p.role, "py_layout": p.py_layout}
        for p in problem("simple-inference").params
    ]


def _names(params: list[dict]) -> list[str]:
    return [p["name"] for p in params]


def test_a_three_parameter_solve_gets_the_module_form() -> None:
    def solve(input, model, output):
        pass

    form = solve_params(solve, _params(), DECLARED, returns_outputs=False)
    assert _names(form) == ["input", "model", "output"]
    assert form[1] == {"role": "module", **DECLARED}


def test_a_solve_of_the_problems_own_form_gets_its_own_parameters() -> None:
    def solve(input, weight, bias, output, batch_size, input_size, output_size):
        pass

    def anything(*args):
        pass

    for fn in (solve, anything, print):
        assert solve_params(fn, _params(), DECLARED, returns_outputs=False) == _params()
    assert solve_params(lambda a, b, c: None, _params(), None, returns_outputs=False) == _params()


def test_a_jitted_jax_solve_of_two_parameters_gets_the_module_form() -> None:
    jax = pytest.importorskip("jax")

    @functools.partial(jax.jit, static_argnames=())
    def solve(input, model):
        return input

    form = solve_params(solve, _params(), DECLARED, returns_outputs=True)
    assert _names(form) == ["input", "model", "output"]  # output: returned, not passed
    assert solve_params(solve, _params(), DECLARED, returns_outputs=False) == _params()


def test_the_layer_shares_the_tensors_it_is_built_from() -> None:
    weight, bias = torch.randn(3, 4), torch.randn(3)
    layer = linear(weight, bias)
    assert layer.weight.data_ptr() == weight.data_ptr()
    assert layer.bias.data_ptr() == bias.data_ptr()
    x = torch.randn(2, 4)
    assert torch.equal(layer(x), torch.nn.functional.linear(x, weight, bias))
    assert not layer(x).requires_grad


MODULE_FORM = """import torch


def solve(input, model, output):
    with torch.no_grad():
        output.copy_(model(input))
"""
WRITES_THE_WEIGHT = """import torch


def solve(input, model, output):
    with torch.no_grad():
        output.copy_(model(input))
        model.weight.mul_(1.0 + 2.0**-10)
"""


def test_the_judge_accepts_the_module_form() -> None:
    result = judge(job(MODULE_FORM, slug="simple-inference", limits=LIMITS))
    assert result.verdict == "accepted", result.message


def test_a_write_through_the_layer_is_a_modified_input() -> None:
    result = judge(job(WRITES_THE_WEIGHT, slug="simple-inference", mode="run", limits=LIMITS))
    assert result.verdict == "wrong_answer"
    assert "input weight was modified" in result.message


def test_a_module_over_tensors_that_are_not_a_layers_is_refused() -> None:
    data = problem("simple-inference").to_dict()
    for declared, error in (
        ({**DECLARED, "weight": "bias"}, "2-D float input"),
        ({**DECLARED, "bias": "output"}, "1-D float input"),
        ({**DECLARED, "name": "input"}, "not a new identifier"),
    ):
        with pytest.raises(SpecError, match=error):
            ProblemSpec.from_dict({**data, "linear_module": declared})
