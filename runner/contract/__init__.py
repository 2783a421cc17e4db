"""The runner's contracts: the one vocabulary, the problem, the job and the result.

Torch-free and Django-free: the site, the client and both sides of the runner import them.
"""

from runner.contract.expressions import SpecError, eval_expr, expr_names, parse_dist
from runner.contract.job import JobSpec, JudgeResult
from runner.contract.params import BenchmarkCase, ErrorBound, Limits, Param, TestCase
from runner.contract.problem import ProblemSpec
from runner.contract.vocabulary import (
    C_TYPES,
    CPU_LANGUAGES,
    DEVICES,
    DIFFICULTIES,
    DIST_KINDS,
    DTYPE_BYTES,
    ERROR_BOUND_METHODS,
    FLOAT_DTYPES,
    FP32_ARITHMETIC,
    LANGUAGE_NAMES,
    LANGUAGES,
    MODES,
    PRECISIONS,
    PY_LAYOUTS,
    SCALAR_DTYPES,
    SCHEMA_VERSION,
    STARTER_FILES,
    TENSOR_DTYPES,
    TENSOR_ROLES,
    VERDICT_NAMES,
    VERDICTS,
    language_of_file,
    language_of_source,
    nbytes,
)

__all__ = [
    "BenchmarkCase",
    "CPU_LANGUAGES",
    "C_TYPES",
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
    "LANGUAGE_NAMES",
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
    "VERDICT_NAMES",
    "eval_expr",
    "expr_names",
    "language_of_file",
    "language_of_source",
    "nbytes",
    "parse_dist",
]
