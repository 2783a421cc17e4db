"""Judging one call: the expected outputs (the reference, in this process) and the comparison
of the supervisor's own snapshot of the buffers with them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import torch

from runner.common.tensors import TORCH_DTYPES, gather_flat
from runner.contract import Param, ProblemSpec
from runner.supervisor.outcome import fmt_sizes, to_list
from runner.supervisor.ties import compare_ties
from runner.supervisor.verify import Comparison, compare, describe, first_change, unravel


def expected_outputs(problem: ProblemSpec, reference: Any, inputs: dict, scalars: dict) -> dict:
    """Run the reference on copies of the inputs; returns the expected out/inout tensors."""
    f64 = problem.reference_precision == "f64"
    device = next((t.device for t in inputs.values()), "cpu")
    args: dict[str, Any] = {}
    for p in problem.params:
        if p.role == "scalar":
            args[p.name] = scalars[p.name]
            continue
        dtype = TORCH_DTYPES[p.dtype]
        if f64 and p.dtype == "f32":
            dtype = torch.float64
        if p.is_input:
            args[p.name] = inputs[p.name].clone().to(dtype)
        else:
            args[p.name] = torch.zeros(p.shape_for(scalars), dtype=dtype, device=device)
    with torch.no_grad():
        reference.reference(**args)
    return {p.name: args[p.name] for p in problem.tensor_params if p.is_output}


def expected_and_allowance(
    problem: ProblemSpec, reference: Any, inputs: dict, scalars: dict
) -> tuple[dict, dict]:
    """The expected outputs and, for a problem with an [error_bound], each float output's
    per-element fp32 error allowance (judging.md, "Large sizes"; empty otherwise)."""
    expected = expected_outputs(problem, reference, inputs, scalars)
    extra: dict = {}
    if problem.error_bound is not None:  # fp32 forward-error term (judging.md)
        from runner.supervisor.verify import error_allowance  # noqa: PLC0415

        extra = error_allowance(
            problem.error_bound,
            reference,
            {p.name: inputs[p.name] for p in problem.tensor_params if p.is_input},
            expected,
            scalars,
            lambda ins: expected_outputs(problem, reference, ins, scalars),
        )
    return expected, extra


def compare_output(
    problem: ProblemSpec,
    param: Param,
    got: torch.Tensor,
    expected: torch.Tensor,
    allowance: torch.Tensor | None = None,
    sample: torch.Tensor | None = None,
    ratio: bool = False,
    inputs: Mapping[str, torch.Tensor] | None = None,
) -> Comparison:
    """The judge's rule for one output: ``got`` (the whole output, or its elements at the flat
    indices ``sample``) against the expected tensor, with the problem's atol (scaled down to
    rtol x the output's own scale where ``scale_atol``), rtol and error allowance. ``ratio``:
    also report the largest error over its allowance where there is no error-bound term. An
    index output with a tie rule passes any tie order instead (runner/supervisor/ties.py); its
    ``values`` input comes from ``inputs``, the inputs written before the call."""
    rule = problem.tie_rule(param.name)
    if rule is not None:
        if inputs is None or rule.values not in inputs:
            raise ValueError(f"the tie rule of {param.name} needs the input {rule.values}")
        return compare_ties(rule, got, expected, inputs[rule.values], sample)
    full_shape = tuple(expected.shape)

    def part(t: torch.Tensor) -> torch.Tensor:
        return t if sample is None else gather_flat(t, sample)

    atol = problem.atol
    if problem.scale_atol:  # atol never above rtol x the output's own scale (judging.md)
        scale = float(expected.abs().max()) if expected.numel() else 0.0
        atol = min(atol, problem.rtol * scale)
    return compare(
        param.name,
        got,
        part(expected),
        param.dtype,
        atol,
        problem.rtol,
        None if allowance is None else part(allowance.reshape(full_shape)),
        with_ratio=ratio,
    )


def check_call(
    problem: ProblemSpec,
    reference: Any,
    mode: str,
    name: str,
    sizes: dict,
    inputs: dict,
    scalars: dict,
    post: dict,
    samples: dict | None = None,
) -> tuple[bool, dict, str]:
    """Compare a snapshot of the buffers after a call (``post``) with the inputs written before
    it and the expected outputs. ``samples``: for tensors snapshotted in part, the flat indices
    that were read (see CaseBuffers.sample_plan); those are compared at those elements."""
    samples = samples or {}

    def part(name: str, t):
        return gather_flat(t, samples[name]) if name in samples else t

    entry: dict[str, Any] = {"max_abs_err": 0.0, "max_rel_err": 0.0, "first_mismatch": None}
    for p in problem.tensor_params:
        if p.role != "in":
            continue
        idx = first_change(part(p.name, inputs[p.name]), post[p.name])
        if idx is not None:
            if p.name in samples:
                idx = int(samples[p.name][idx])
            msg = (
                f"Test '{name}' ({fmt_sizes(sizes)}): input {p.name} was modified by "
                f"solve (first change at flat index {idx}); inputs are read-only."
            )
            entry["message"] = msg
            entry["input_modified"] = p.name
            return False, entry, msg
    expected, extra = expected_and_allowance(problem, reference, inputs, scalars)
    for p in problem.tensor_params:
        if not p.is_output:
            continue
        full_shape = tuple(expected[p.name].shape)
        cmp = compare_output(
            problem,
            p,
            post[p.name],
            expected[p.name],
            extra.get(p.name),
            samples.get(p.name),
            inputs=inputs,
        )
        if p.name in samples and cmp.first_mismatch:
            flat = int(samples[p.name][cmp.first_mismatch["flat_index"]])
            cmp.first_mismatch.update(flat_index=flat, index=unravel(flat, full_shape))
        if cmp.max_bound_ratio is not None:
            entry["max_bound_ratio"] = max(entry.get("max_bound_ratio", 0.0), cmp.max_bound_ratio)
        entry["max_abs_err"] = max(entry["max_abs_err"], cmp.max_abs_err)
        entry["max_rel_err"] = max(entry["max_rel_err"], cmp.max_rel_err)
        if mode == "run" and post[p.name].numel() <= 64:
            entry.setdefault("output_preview", {})[p.name] = {
                "got": to_list(post[p.name]),
                "expected": to_list(expected[p.name]),
            }
        if not cmp.passed:
            msg = describe(name, sizes, cmp, full_shape)
            if p.name in samples:
                msg += f" [{samples[p.name].numel()} elements checked, at random offsets]"
            entry["first_mismatch"] = cmp.first_mismatch
            entry["mismatches"] = cmp.mismatches
            entry["message"] = msg
            return False, entry, msg
    return True, entry, ""
