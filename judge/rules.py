"""The rules a submission must pass before it is stored: an open problem, a known mode, a
device that can judge now, a language that device offers, a source within the limits and a
user within the rate limit. Each check raises SubmissionRefused with the reason for the user.

The languages come from the runner's vocabulary (runner.contract): a language added there is
offered here, on the problem page and in the API without a change to the site."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from judge.errors import SubmissionRefused
from judge.models import Mode, Submission
from judge.worker.selectors import (
    device_kinds_live,
    kinds_advertising,
    languages_advertised,
    workers_live,
)
from problems.models import Problem
from runner.contract import languages

DEVICE_KIND_RE = re.compile(r"^(cpu|gpu-[a-z0-9][a-z0-9_.-]{0,24})$")


def languages_offered(device_kind: str | None = None) -> tuple[str, ...]:
    """The languages judged on a device kind: those whose records run on its device, narrowed
    to the ones a live worker of that kind passed the self-test of, once one has reported
    (with none reporting, the records alone: a queued job waits for its worker).

    None: the languages offered on some device kind with a live worker (the CPU always
    listed); while no GPU worker is live, the GPU-only languages too, whose starters people
    can still read and edit."""
    if device_kind is not None:
        on_records = languages.on_device("cpu" if device_kind == "cpu" else "cuda")
        advertised = languages_advertised(device_kind)
        if advertised is None:
            return on_records
        return tuple(name for name in on_records if name in advertised)
    kinds = device_kinds_live()
    offered = {name for kind in kinds for name in languages_offered(kind)}
    if kinds == ["cpu"]:
        offered |= set(languages.on_device("cuda")) - set(languages.on_device("cpu"))
    return tuple(name for name in languages.names() if name in offered)


def judged_emulated(*, language: str, device_kind: str) -> bool:
    """Whether a submission in ``language`` on ``device_kind`` runs through an emulation (CUDA
    C++ on the CPU, docs/languages/cuda.md): its verdicts are a GPU's, its times the emulation's,
    shown as such and ranked on no leaderboard."""
    return languages.emulated(language, "cpu" if device_kind == "cpu" else "cuda")


def device_kind_is_live(device_kind: str) -> bool:
    return workers_live().filter(device_kind=device_kind).exists()


def check_problem_open(problem: Problem, user: Any) -> None:
    if not problem.published and not getattr(user, "is_staff", False):  # staff validate drafts
        raise SubmissionRefused("This problem is not open.", "no_such_problem", "problem")


def check_mode(mode: str) -> None:
    if mode not in Mode.values:
        raise SubmissionRefused(
            f"Unknown mode {mode!r}. Use one of {', '.join(Mode.values)}.", "invalid", "mode"
        )


def check_language(language: str, device_kind: str) -> None:
    if language not in languages.RECORDS:
        raise SubmissionRefused(
            f"Unknown language {language!r}. Choose one of: {', '.join(languages.names())}.",
            "language_not_offered",
            "language",
        )
    offered = languages_offered(device_kind)
    if language in offered:
        return
    on_cpu = device_kind == "cpu"
    if languages.language(language).runs_on("cpu" if on_cpu else "cuda"):
        able = kinds_advertising(language)
        raise SubmissionRefused(
            f"No live {device_kind} worker can judge {language} right now: none passed its "
            f"self-test for it. "
            + (f"Device kinds that can: {', '.join(able)}." if able else "No live worker can.")
            + (f" On {device_kind} choose one of: {', '.join(offered)}." if offered else ""),
            "language_not_offered",
            "language",
        )
    raise SubmissionRefused(
        f"{language} runs only on {'GPU workers' if on_cpu else 'the CPU device'}; on "
        f"{'the CPU device' if on_cpu else device_kind} choose one of: {', '.join(offered)}.",
        "language_not_offered",
        "language",
    )


def check_device_kind(device_kind: str) -> None:
    if not DEVICE_KIND_RE.match(device_kind):
        raise SubmissionRefused(
            f"Unknown device {device_kind!r}. Use 'cpu' or a GPU kind such as 'gpu-h200'.",
            "device_not_offered",
            "device",
        )
    if device_kind == "cpu":
        return
    allowed = settings.KJ_ALLOW_OFFLINE_DEVICE_KINDS
    if "*" in allowed or device_kind in allowed or device_kind_is_live(device_kind):
        return
    raise SubmissionRefused(
        f"No {device_kind} worker is online right now, so that device cannot judge "
        f"submissions. Pick another device or try again later.",
        "device_not_offered",
        "device",
    )


def check_source(source: str) -> None:
    size = len(source.encode("utf-8"))
    limit = settings.KJ_MAX_SOURCE_BYTES
    if size > limit:
        raise SubmissionRefused(
            f"The source is {size} bytes; the limit is {limit} bytes ({limit // 1024} KiB).",
            "source_too_large",
            "source",
        )
    if not source.strip():
        raise SubmissionRefused("The source is empty.", "invalid", "source")


def check_rate(user: Any) -> None:
    """Call inside the transaction that stores the submission."""
    if getattr(user, "is_staff", False):  # the admin's Validate action judges many at once
        return
    window = settings.KJ_RATE_LIMIT_WINDOW_S
    limit = settings.KJ_RATE_LIMIT_COUNT
    since = timezone.now() - timedelta(seconds=window)
    recent = Submission.objects.filter(user=user, created_at__gte=since).count()
    if recent >= limit:
        raise SubmissionRefused(
            f"Too many submissions: {recent} in the last {window} seconds (the limit is "
            f"{limit}). Please wait a little and try again.",
            "rate_limited",
            retry_after_s=window,
        )
