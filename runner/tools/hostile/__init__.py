"""``python -m runner hostile [--device cpu|cuda] [--json] [-k NAME]``: judge every hostile
submission of ``tests/hostile/cases/`` through the real runner and check the host afterwards.

A case is *contained* when its verdict is one of the expected ones AND every host check
passes: nothing written outside the job folder, the problem package and the site's files
unchanged, no canary secret in the result, the Redis canary key intact, the PostgreSQL canary
table intact, the supervisor alive, no process of the sandbox uid or job cgroup left behind.

Each case folder holds ``case.toml``::

    why = "one line: what this proves"
    language = "pytorch"            # cuda | pytorch | triton | cupy | jax | tilelang
    device = "cpu"                  # cpu | cuda (cuda cases are skipped on CPU hosts)
    problem = "vector-add"          # a catalog package
    mode = "run"                    # run | submit
    source = "solution.py"
    expected = ["time_limit_exceeded"]
    checks = ["files", "redis", "postgres", "processes", "secrets", "supervisor"]
    forbidden = ["root:x:0:0"]      # strings that must not appear in the JudgeResult
    cpu_expected = ["wrong_answer"] # a CUDA case of device cuda also judged on the CPU device
                                    # (the emulation) as "<name>@cpu", with these verdicts
    [limits]                        # runner.contract.Limits overrides (small, to keep it fast)
    test_timeout_s = 3

``cases`` reads the corpus, ``guard`` plants the canaries and checks the host after each case,
``corpus`` judges the cases and reports.
"""

from .cases import ALL_CHECKS, CASES_DIR, Case, load_cases, load_cases_with_cpu_runs
from .corpus import failures, judge_case, main, run_corpus
from .guard import HostGuard

__all__ = [
    "ALL_CHECKS",
    "CASES_DIR",
    "Case",
    "HostGuard",
    "failures",
    "judge_case",
    "load_cases",
    "load_cases_with_cpu_runs",
    "main",
    "run_corpus",
]
