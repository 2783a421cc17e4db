"""The runner's contracts: the one vocabulary, the problem, the job and the result.

Torch-free and Django-free: the site, the client and both sides of the runner import them.
"""

from runner.contract.expressions import SpecError, eval_expr, expr_names, parse_dist
from runner.contract.job import JobSpec, JudgeResult
from runner.contract.params import BenchmarkCase, ErrorBound, Limits, Param, TestCase
from runner.contract.problem import ProblemSpec
from runner.contract.vocabulary import (
    CPU_LANGUAGES,
    DEVICES,
    DIFFICULTIES,
    DIST_KINDS,
    DTYPE_BYTES,
    ERROR_BOUND_METHODS,
    FLOAT_DTYPES,
    FP32_ARITHMETIC,
    LANGUAGES,
    MODES,
    PRECISIONS,
    PY_LAYOUTS,
    SCALAR_DTYPES,
    SCHEMA_VERSION,
    STARTER_FILES,
    TENSOR_DTYPES,
    TENSOR_ROLES,
    VERDICTS,
    nbytes,
)

__all__ = [
    "BenchmarkCase",
    "CPU_LANGUAGES",
    "DEVICES",
    "DIFFICULTIES",
    "DIST_KINDS",
    "DTYPE_BYTES",
    "ERROR_BOUND_METHODS",
    "ErrorBound",
    "FLOAT_DTYPES",
    "FP32_ARITHMETIC",
    "JobSpec",
    "JudgeResult",
    "LANGUAGES",
    "Limits",
    "MODES",
    "PRECISIONS",
    "PY_LAYOUTS",
    "Param",
    "ProblemSpec",
    "SCALAR_DTYPES",
    "SCHEMA_VERSION",
    "STARTER_FILES",
    "SpecError",
    "TENSOR_DTYPES",
    "TENSOR_ROLES",
    "TestCase",
    "VERDICTS",
    "eval_expr",
    "expr_names",
    "nbytes",
    "parse_dist",
]
