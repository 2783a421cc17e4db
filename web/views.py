"""Pages: the problem list, a problem (statement + editor workbench) and the leaderboards."""

from __future__ import annotations

import hashlib
import re
from urllib.parse import urlencode

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.csrf import ensure_csrf_cookie

from judge.leaderboards.selectors import (
    leaderboard_default_device,
    leaderboard_entry_of,
    leaderboard_global,
    leaderboard_page,
    leaderboard_summary,
)
from judge.problem_stats import PROBLEM_SORTS, problem_list_for_api, problem_list_sorted
from judge.rules import judged_emulated, languages_offered
from judge.submissions.selectors import problems_first_solved_at, problems_solved_by
from judge.worker.selectors import device_kinds_live
from problems.benchmarks import baseline_label, benchmark_cases_summary
from problems.markdown import render_markdown
from problems.models import Difficulty
from problems.selectors import (
    problem_baseline_fields,
    problem_get_published,
    problem_header_get_published,
    problems_published,
)
from problems.starters import signature_cuda, signature_python, starters_from_spec
from web.charts import histogram_svg
from web.tables import leaderboard_rows_html, problem_rows_html
from web.verdicts import LANGUAGE_LABELS


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers that ask for /favicon.ico get the site's SVG icon."""
    return redirect(static("web/favicon.svg"), permanent=True)


def _sort_headers(params: dict[str, str], sort: str, descending: bool) -> dict[str, dict]:
    """Per sortable column: the link that sorts by it (again: the other way) and its
    aria-sort value."""
    headers = {}
    for key in PROBLEM_SORTS:
        active = key == sort
        query = {k: v for k, v in params.items() if v and k not in ("sort", "dir")}
        query["sort"] = key
        if active and not descending:
            query["dir"] = "desc"
        natural_reverse = PROBLEM_SORTS[key][2]
        shown_descending = natural_reverse != descending
        headers[key] = {
            "href": "?" + urlencode(query),
            "aria_sort": ("descending" if shown_descending else "ascending") if active else "",
        }
    return headers


def problem_list(request: HttpRequest) -> HttpResponse:
    difficulty = request.GET.get("difficulty", "").strip()
    tag = request.GET.get("tag", "").strip()
    search = request.GET.get("q", "").strip()
    solved_filter = request.GET.get("solved", "").strip()
    sort = request.GET.get("sort", "title")
    sort = sort if sort in PROBLEM_SORTS else "title"
    descending = request.GET.get("dir") == "desc"
    solved_at = problems_first_solved_at(request.user)
    solved = set(solved_at)
    problems = problem_list_sorted(
        problem_list_for_api(
            difficulty or None, tag or None, search or None, viewer_solves=solved_at
        ),
        sort=sort,
        descending=descending,
        solved_ids=solved if request.user.is_authenticated else None,
        solved=solved_filter,
    )
    for problem in problems:
        problem.is_solved = problem.pk in solved
    tags = sorted(
        {t for tags in problems_published().values_list("tags", flat=True) for t in tags or []}
    )
    filters = {"difficulty": difficulty, "tag": tag, "q": search, "solved": solved_filter}
    context = {
        "problems": problems,
        "rows_html": problem_rows_html(problems),
        "difficulties": Difficulty.choices,
        "tags": tags,
        "filters": filters,
        "filtered": any(filters.values()),
        "sort": sort,
        "descending": descending,
        "headers": _sort_headers({**filters}, sort, descending),
        "solved_count": len(solved),
    }
    return render(request, "web/problem_list.html", context)


def _constraints(spec: dict, device_kinds: list[str]) -> list[tuple[str, str]]:
    limits = spec.get("limits") or {}
    rows = [
        ("Tolerance", f"atol = {spec.get('atol')}, rtol = {spec.get('rtol')}"),
        ("Tests", f"{len(spec.get('tests', []))} ({sum(1 for t in spec.get('tests', []) if t.get('public'))} public)"),
        ("Benchmark cases", benchmark_cases_summary(spec, device_kinds) or "none"),
    ]  # fmt: skip
    if limits.get("test_timeout_s"):
        rows.append(("Time limit per test", f"{limits['test_timeout_s']:g} s"))
    if limits.get("source_bytes"):
        rows.append(("Source size", f"at most {int(limits['source_bytes']) // 1024} KiB"))
    return rows


def statement_html(markdown: str) -> str:
    """The rendered statement, cached by the hash of its text (so an edit is never stale):
    rendering Markdown + math took about a third of the problem page (docs/performance.md)."""
    key = "kj:statement:2:" + hashlib.sha256(markdown.encode()).hexdigest()
    html = cache.get(key)
    if html is None:
        html = render_markdown(markdown)
        cache.set(key, html, 24 * 3600)
    return html


SIGNATURE_HEADING = re.compile(r"^#{1,3}\s+(Signature|Entry point)\b", re.M | re.I)


def _without_title(statement: str, title: str) -> str:
    """Drop a leading `# Title` line: the page already shows the title."""
    first, _, rest = statement.lstrip().partition("\n")
    if first.startswith("# ") and first[2:].strip().lower() == title.strip().lower():
        return rest
    return statement


@ensure_csrf_cookie
def problem_detail(request: HttpRequest, slug: str) -> HttpResponse:
    problem = problem_get_published(slug)
    if problem is None:
        raise Http404("No such problem.")
    spec = problem.spec or {}
    starters = {**starters_from_spec(spec), **(problem.starters or {})}
    languages = [(lang, LANGUAGE_LABELS.get(lang, lang)) for lang in languages_offered()]
    default_language = "pytorch" if "pytorch" in languages_offered() else languages[0][0]
    devices = device_kinds_live()
    context = {
        "problem": problem,
        "statement_html": statement_html(_without_title(problem.statement, problem.title)),
        # The page's generated signature only where the statement does not state it itself.
        "statement_has_signature": bool(SIGNATURE_HEADING.search(problem.statement)),
        "signature_cuda": signature_cuda(spec),
        "signature_python": signature_python(spec),
        "params": spec.get("params", []),
        "constraints": _constraints(spec, devices),
        "starters": starters,
        "languages": languages,
        "default_language": default_language,
        "default_starter": starters.get(default_language, ""),
        "devices": devices,
        "gpu_devices": [d for d in devices if d != "cpu"],
        "cpu_languages": list(languages_offered("cpu")),
        "emulated_languages": [
            name
            for name in languages_offered("cpu")
            if judged_emulated(language=name, device_kind="cpu")
        ],
        "default_language_label": LANGUAGE_LABELS.get(default_language, default_language),
        "solved": problem.pk in problems_solved_by(request.user),
    }
    return render(request, "web/problem_detail.html", context)


LEADERBOARD_PAGE_ROWS = 100


def problem_leaderboard(request: HttpRequest, slug: str) -> HttpResponse:
    problem = problem_header_get_published(slug)
    if problem is None:
        raise Http404("No such problem.")
    default_device = leaderboard_default_device(problem)
    devices = sorted(set(device_kinds_live()) | {default_device})
    device = request.GET.get("device") or default_device
    if device not in devices:
        devices.append(device)
    language = request.GET.get("language") or ""
    total, histogram = leaderboard_summary(problem, device, language or None)
    # The page lists the top LEADERBOARD_PAGE_ROWS (and the viewer's own row below them);
    # the chart and the counts cover everyone; the API pages through the whole ranking.
    shown = leaderboard_page(
        problem, device, language or None, 0, LEADERBOARD_PAGE_ROWS, total=total
    )
    user_id = request.user.pk
    mine = next((e for e in shown if e.user_id == user_id), None)
    if mine is None:  # None too for an anonymous viewer
        mine = leaderboard_entry_of(problem, device, language or None, user_id, total=total)
        if mine is not None:
            shown = [*shown, mine]
    context = {
        "problem": problem,
        "rows_html": leaderboard_rows_html(shown, user_id, viewer_is_staff=request.user.is_staff),
        "total": total,
        "top_rows": min(total, LEADERBOARD_PAGE_ROWS),
        "device": device,
        "devices": devices,
        "language": language,
        "languages": [(lang, LANGUAGE_LABELS.get(lang, lang)) for lang in languages_offered()],
        "mine": mine,
        "baseline_label": baseline_label(problem_baseline_fields(problem.pk)),
        "chart": histogram_svg(
            histogram,
            mine.score_ms if mine else None,
        ),
    }
    return render(request, "web/leaderboard.html", context)


def global_leaderboard(request: HttpRequest) -> HttpResponse:
    return render(request, "web/leaderboard_global.html", {"entries": leaderboard_global()[:200]})
