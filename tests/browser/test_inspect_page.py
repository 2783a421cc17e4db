"""A user opens their CUDA submission (judged on an H200: the result is put in the database,
since this machine has no GPU), sees it on the roofline beside the first place, asks for the
inspection and reads the resource table and the SASS under its source lines: the real site
compiles the source in the judge's sandbox (nvcc, cuobjdump)."""

from __future__ import annotations

import json
import re

import pytest

from runner.tools.inspect import find_tool, nvcc_path
from tests.browser.conftest import _manage
from tests.browser.test_solve_flow import sign_up
from tests.live import ROOT, child_env

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.timeout(300),
    pytest.mark.xdist_group("browser"),  # one site (session fixture) for all browser tests
    pytest.mark.skipif(
        not (nvcc_path() and find_tool("cuobjdump")), reason="needs nvcc and cuobjdump"
    ),
]

SOURCE = (ROOT / "problems/catalog/vector-add/solutions/correct_basic.cu").read_text()

# Two accepted CUDA submits of vector-add on an H200 (flops N, bytes 12 N): the user's at
# 0.072 ms and a faster first place at 0.047 ms, on the largest case (N = 2^24).
SEED = """

from django.contrib.auth import get_user_model
from django.utils import timezone
from judge.models import Mode, Status, Submission, Verdict
from judge.leaderboards.services import leaderboard_best_refresh
from problems.models import Problem

args = ARGS
problem = Problem.objects.get(slug="vector-add")
User = get_user_model()
def result(ms):
    n = 1 << 24
    case = {"name": "N=16M", "sizes": {"N": n}, "median_ms": ms, "runs": 200,
            "gflops": n / (ms / 1e3) / 1e9, "gbps": 12 * n / (ms / 1e3) / 1e9,
            "fraction_of_peak": 12 * n / (ms / 1e3) / 4.3e12, "speedup": None,
            "baseline_median_ms": None}
    return {"benchmark": {"cases": [case], "score_ms": ms, "method": "CUDA events"},
            "device": {"kind": "cuda", "name": "NVIDIA H200"}, "tests": [], "compile_log": ""}
ids = []
for name, ms in ((args["user"], 0.072), ("roofline-first", 0.047)):
    user, _ = User.objects.get_or_create(username=name)
    now = timezone.now()
    s = Submission.objects.create(
        user=user, problem=problem, problem_version=problem.version, language="cuda",
        device_kind="gpu-h200", mode=Mode.SUBMIT, source=args["source"], status=Status.DONE,
        verdict=Verdict.ACCEPTED, message="All tests passed.", score=ms, result=result(ms),
        started_at=now, finished_at=now)
    leaderboard_best_refresh(user.pk, problem_id=problem.pk, device_kind="gpu-h200")
    ids.append(s.pk)
print("IDS", ids[0], ids[1])
"""


def seed(site, username: str) -> tuple[int, int]:
    env = child_env(KJ_VAR_DIR=str(site.log.parent / "var"))
    script = SEED.replace("ARGS", json.dumps({"user": username, "source": SOURCE}))
    out = _manage(env, "shell", "-c", script)
    mine, best = re.search(r"IDS (\d+) (\d+)", out).groups()
    return int(mine), int(best)


def test_submission_page_shows_roofline_and_sass(site, page):
    # users of its own: the site is shared by the session's browser tests
    sign_up(page, site, "inspector")
    mine, best = seed(site, "inspector")
    page.goto(site.url(f"/submissions/{mine}/"))
    assert page.get_by_role("heading", name="Roofline").is_visible()
    roofline = page.locator("svg.roofline")
    assert roofline.is_visible()
    assert roofline.locator("circle.point.mine").count() == 1
    assert roofline.locator("rect.point.best").count() == 1
    assert roofline.locator("line.roof-memory").count() == 1
    caption = page.locator(".roofline-figure figcaption").inner_text()
    assert (
        f"#{mine} (this submission)" in caption
        and f"#{best} (first place, roofline-first)" in caption
    )

    page.get_by_role("link", name="Inspect the compiled kernels").click()
    page.wait_for_url(re.compile(r".*\?inspect=1#inspect$"))
    assert page.get_by_role("heading", name="Inside the kernels").is_visible()
    resources = page.locator("table.resources tbody tr")
    assert resources.count() == 1 and "vector_add" in resources.inner_text()
    sass = page.get_by_role("region", name=re.compile("SASS of vector_add"))
    assert sass.is_visible()
    groups = sass.locator(".sass-group")
    assert groups.count() >= 3
    store = groups.filter(has_text="STG.E").first
    assert "C[i] = A[i] + B[i];" in store.locator(".sass-source").inner_text()
    assert "solution.cu:" in store.locator(".lineno").inner_text()

    # the picture for the docs: the roofline, the resource table and the start of the SASS
    page.set_viewport_size({"width": 1280, "height": 1500})
    page.evaluate(
        "window.scrollTo(0, document.getElementById('roofline-heading').getBoundingClientRect()"
        ".top + window.scrollY - 12)"
    )
    site.screenshot(page, "inspect")
