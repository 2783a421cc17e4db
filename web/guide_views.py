"""The language guides (docs/languages/<name>.md) as site pages, so that the problem page can
link to what a language supports where it runs (CUDA C++ on the CPU: the emulation's
coverage). Only the guides of registered languages are served, read from the repository."""

from __future__ import annotations

from pathlib import Path

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from problems.markdown import render_markdown
from runner.contract import languages

GUIDES = Path(__file__).resolve().parent.parent / "docs" / "languages"


def language_guide(request: HttpRequest, name: str) -> HttpResponse:
    """One registered language's guide, rendered; 404 for any other name."""
    if name not in languages.RECORDS:
        raise Http404("No such language.")
    path = GUIDES / f"{name}.md"
    if not path.is_file():
        raise Http404("This language has no guide.")
    context = {
        "title": languages.language(name).title,
        "guide_html": render_markdown(path.read_text(encoding="utf-8"), anchors=True),
    }
    return render(request, "web/language_guide.html", context)
