"""The submission report page."""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from judge.diagnostics import submission_diagnostics
from judge.errors import SubmissionRefused
from judge.inspection import (
    InspectRefused,
    submission_inspect,
    submission_roofline,
)
from judge.leaderboards.selectors import leaderboard_size, submission_rank
from judge.models import RUNNING_STATUSES, Status, Submission
from judge.profiling import profile_summary
from judge.rules import judged_emulated
from judge.submissions.selectors import submission_visible_to
from judge.submissions.services import submission_cancel
from problems.benchmarks import baseline_label, benchmark_labels
from web.charts import roofline_svg
from web.verdicts import LANGUAGE_LABELS, STATUS_LABELS, VERDICT_EXPLANATIONS, VERDICT_LABELS


def _benchmark_rows(benchmark: dict, labels: dict[str, str]) -> list[dict]:
    rows = []
    for case in benchmark.get("cases") or []:
        fraction = case.get("fraction_of_peak")
        name = case.get("name", "")
        rows.append(
            {
                "name": labels.get(name, name),
                "sizes": ", ".join(f"{k}={v}" for k, v in (case.get("sizes") or {}).items()),
                "median_ms": case.get("median_ms"),
                "runs": case.get("runs"),
                "gflops": case.get("gflops"),
                "gbps": case.get("gbps"),
                "peak_pct": fraction * 100 if isinstance(fraction, int | float) else None,
                # older results timed the reference itself (reference_median_ms)
                "baseline_ms": case.get("baseline_median_ms", case.get("reference_median_ms")),
                "speedup": case.get("speedup"),
            }
        )
    return rows


def _baseline_label(result: dict, spec: dict | None) -> str:
    """What the speedup column compared against: as the judgement recorded it, else (older
    results) the reference as it was then timed."""
    cases = (result.get("benchmark") or {}).get("cases") or []
    if cases and cases[0].get("baseline"):
        return str(cases[0]["baseline"])
    if cases and "reference_median_ms" in cases[0]:
        return "the problem's PyTorch reference (judged before baselines were chosen)"
    return baseline_label(spec)


def _test_rows(tests: list[dict]) -> list[dict]:
    return [
        {**t, "sizes_text": ", ".join(f"{k}={v}" for k, v in (t.get("sizes") or {}).items())}
        for t in tests
    ]


def _user_paths(text: str) -> str:
    """A traceback with the judge's folders cut from the user's file (".../solution.py")."""
    return re.sub(r'File "[^"]*/(solution\.py)"', r'File "\1"', text)


@login_required(login_url="login")
@require_POST
def submission_cancel_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The Cancel button of a queued or running submission (the page and the problem page's
    panel use the same service as the API)."""
    was = Submission.objects.filter(pk=pk).values_list("status", flat=True).first()
    try:
        submission = submission_cancel(request.user, submission_id=pk)
    except SubmissionRefused as exc:
        messages.error(request, exc.message)
        return redirect("submission-detail", pk=pk)
    if submission is None:
        raise Http404("No such submission.")
    when = "before judging" if was == Status.QUEUED else "while it was being judged"
    messages.success(request, f"Submission #{pk} was cancelled {when}.")
    return redirect("submission-detail", pk=pk)


def _inspect_view(report: dict | None) -> dict | None:
    """The report with what the page shows worked out: occupancy as percentages, the file of
    each group of SASS lines shortened."""
    if not report:
        return report
    kernels = []
    for k in report.get("kernels") or []:
        occ = [
            {
                "block_size": o["block_size"],
                "pct": 100 * o["occupancy"],
                "limiter": o["limiter"].replace("_", " "),
            }
            for o in k.get("occupancy") or []
        ]
        groups = [
            {
                **g,
                "where": (g["file"] or "").rsplit("/", 1)[-1]
                + (f":{g['line']}" if g["line"] else ""),
            }
            for g in k.get("sass_by_line") or []
        ]
        kernels.append({**k, "occupancy_view": occ, "groups": groups})
    return {**report, "kernels": kernels}


@login_required(login_url="login")
def submission_detail(request: HttpRequest, pk: int) -> HttpResponse:
    submission = submission_visible_to(request.user, pk)
    if submission is None:
        raise Http404("No such submission.")
    result = submission.result or {}
    tests = _test_rows(result.get("tests") or [])
    mismatch = next((t for t in tests if t.get("first_mismatch")), None)
    entry = submission_rank(submission) if submission.status == "done" else None
    ranked = leaderboard_size(submission.problem, submission.device_kind) if entry else 0
    can_see_source = request.user.is_staff or submission.user_id == request.user.pk
    diagnostics = (
        submission_diagnostics(
            language=submission.language, source=submission.source, result=result
        )
        if can_see_source and submission.status == Status.DONE
        else []
    )
    error_lines = {d.line for d in diagnostics if d.severity == "error"}
    inspectable = can_see_source and submission.language == "cuda"
    report, inspect_error = None, ""
    if inspectable:
        try:
            report, _ = submission_inspect(
                submission,
                request.GET.get("arch") or None,
                compute=request.GET.get("inspect") == "1",
            )
        except InspectRefused as exc:
            inspect_error = str(exc)
    labels = benchmark_labels(submission.problem.spec, submission.device_kind)
    roofline = submission_roofline(submission) if submission.status == "done" else None
    if roofline and roofline.get("points"):  # the case by the sizes that ran (CPU: cpu_scalars)
        roofline = {
            **roofline,
            "case": labels.get(roofline["case"], roofline["case"]),
            "points": [{**p, "case": labels.get(p["case"], p["case"])} for p in roofline["points"]],
        }
    context = {
        "submission": submission,
        "result": result,
        "done": submission.status in ("done", "cancelled"),
        "status_label": STATUS_LABELS.get(submission.status, submission.status),
        "verdict_label": VERDICT_LABELS.get(submission.verdict, submission.verdict),
        "verdict_explanation": VERDICT_EXPLANATIONS.get(submission.verdict, ""),
        "language_label": LANGUAGE_LABELS.get(submission.language, submission.language),
        "emulated": judged_emulated(
            language=submission.language, device_kind=submission.device_kind
        ),
        "compile_lines": (result.get("compile_log") or "").splitlines(),
        "tests": tests,
        "failed_tests": sum(1 for t in tests if not t.get("passed")),
        "mismatch": mismatch,
        "benchmark": result.get("benchmark") or {},
        "benchmark_rows": _benchmark_rows(result.get("benchmark") or {}, labels),
        "baseline_label": _baseline_label(result, submission.problem.spec),
        "device": result.get("device") or {},
        "entry": entry,
        "ranked": ranked,
        "can_see_source": can_see_source,
        "diagnostics": diagnostics,
        "details": _user_paths(str(result.get("details") or "")) if can_see_source else "",
        "source_lines": [
            {"number": i, "text": text, "marked": i in error_lines}
            for i, text in enumerate(submission.source.splitlines(), 1)
        ]
        if can_see_source
        else [],
        "cancellable": submission.status in (Status.QUEUED, *RUNNING_STATUSES) and can_see_source,
        "inspectable": inspectable,
        "inspect": _inspect_view(report),
        "inspect_error": inspect_error,
        "triton_note": can_see_source and submission.language == "triton",
        "roofline": roofline,
        "roofline_svg": roofline_svg(roofline),
        "profile": profile_summary(submission),
    }
    return render(request, "web/submission_detail.html", context)
