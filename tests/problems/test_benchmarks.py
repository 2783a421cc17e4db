"""Benchmark cases are named by the sizes that ran: the CPU sizes (cpu_scalars) on the CPU."""

from __future__ import annotations

import pytest

from problems.benchmarks import (
    benchmark_case_label,
    benchmark_cases_summary,
    benchmark_labels,
    sizes_label,
)
from tests.factories import ProblemFactory, SubmissionFactory, UserFactory, vector_add_spec

GEMM = {
    "name": "M = N = K = 1024",
    "scalars": {"M": 1024, "N": 1024, "K": 1024, "alpha": 1.0, "beta": 1.0},
    "cpu_scalars": {"M": 256, "N": 256, "K": 256},
}
PLAIN = {"name": "small", "scalars": {"N": 1000}}


def test_sizes_label_groups_equal_sizes_with_thousands_separators():
    assert sizes_label({"N": 1_000_000}) == "N = 1,000,000"
    assert sizes_label({"M": 256, "N": 256, "K": 64}) == "M = N = 256, K = 64"


def test_cpu_label_from_cpu_scalars_gpu_label_from_the_name():
    assert benchmark_case_label(GEMM, "cpu") == "M = N = K = 256"
    assert benchmark_case_label(GEMM, "gpu-h100") == "M = N = K = 1024"
    assert benchmark_case_label(PLAIN, "cpu") == "small"  # no cpu_scalars: same sizes
    assert benchmark_labels(vector_add_spec(), "cpu") == {"N = 25,000,000": "N = 1,000,000"}


def test_problem_page_summary_on_cpu_only_and_gpu_sites():
    spec = {"benchmarks": [GEMM, PLAIN]}
    assert benchmark_cases_summary(spec, ["cpu"]) == "M = N = K = 256; small"
    assert (
        benchmark_cases_summary(spec, ["cpu", "gpu-h100"])
        == "M = N = K = 1024 (CPU: M = N = K = 256); small"
    )


def cpu_result() -> dict:
    case = {"name": "N = 25,000,000", "sizes": {"N": 1_000_000}, "median_ms": 0.5, "runs": 10}
    return {"verdict": "accepted", "benchmark": {"cases": [case], "score_ms": 0.5}}


@pytest.mark.django_db
def test_cpu_submission_page_and_api_name_cases_by_the_cpu_sizes(client):
    user = UserFactory()
    sub = SubmissionFactory(
        user=user, problem=ProblemFactory(), status="done", verdict="accepted", score=0.5,
        result=cpu_result(),
    )  # fmt: skip
    client.force_login(user)
    html = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert "<td>N = 1,000,000</td>" in html and "25,000,000" not in html
    [case] = client.get(f"/api/v1/submissions/{sub.pk}/").json()["benchmark"]["cases"]
    assert (case["name"], case["label"]) == ("N = 25,000,000", "N = 1,000,000")


@pytest.mark.django_db
def test_cpu_only_problem_page_lists_the_cpu_sizes(client):
    problem = ProblemFactory()
    html = client.get(f"/problems/{problem.slug}/").content.decode()
    assert "N = 1,000,000" in html and "N = 25,000,000" not in html
