"""`kerneljudge`: the command-line client. Exit codes: 0 accepted, 1 other verdict, 2 usage or
network errors."""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from kerneljudge import config, contest, report
from kerneljudge.http import Api, ApiError, NetworkError

EXIT_OK, EXIT_VERDICT, EXIT_USAGE = 0, 1, 2
FINAL_STATUSES = ("done", "cancelled")


class UsageError(Exception):
    pass


def language_records(api: Api) -> list[dict]:
    """The site's language records (GET languages/): names, starter files, how a source is
    recognised, and the device kinds that judge each now."""
    return api.get("languages/")


def infer_language(path: Path, source: str, records: list[dict]) -> str:
    """The language of a file as the judge's records say: by how its name ends (``.cu``,
    ``.jax.py``, ``.mojo``, ...), else, for a ``.py`` file, by what it imports (in the records'
    order of precedence), else the default language."""
    for r in records:
        if any(path.name.endswith(suffix) for suffix in r["suffixes"]):
            return r["name"]
    if path.suffix != ".py":
        raise UsageError(f"cannot tell the language of {path.name}: pass --language")
    for r in sorted(records, key=lambda r: r["import_rank"]):
        if any(mark in source for mark in r["imports"]):
            return r["name"]
    return next(r["name"] for r in records if r["default"])


def record_of(records: list[dict], language: str) -> dict:
    for r in records:
        if r["name"] == language:
            return r
    names = ", ".join(r["name"] for r in records)
    raise UsageError(f"unknown language {language!r}: the site judges {names}")


def read_source(path: Path) -> str:
    """The file's text; the judge takes UTF-8 sources only (ASCII is UTF-8)."""
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        line = path.read_bytes()[: exc.start].count(b"\n") + 1
        raise UsageError(
            f"{path} is not UTF-8 text (byte 0x{exc.object[exc.start]:02x} on line {line}): "
            "save it as UTF-8 and try again"
        ) from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None


def infer_problem(path: Path, source: str) -> str:
    """`# problem: SLUG` (or `// problem: SLUG`) in the first lines, else the file's folder."""
    for line in source.splitlines()[:10]:
        stripped = line.strip().lstrip("#/ ").strip()
        if stripped.lower().startswith("problem:"):
            return stripped.split(":", 1)[1].strip()
    raise UsageError("which problem? pass --problem SLUG (or put '# problem: SLUG' on top)")


def emit(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, indent=2) if args.json else text)


# -- commands ---------------------------------------------------------------------------------


def cmd_login(args: argparse.Namespace, api: Api) -> int:
    token = args.token or getpass.getpass("API token (from your profile page): ").strip()
    if not token:
        raise UsageError("no token given")
    api.token = token
    me = api.get("me/")
    path = config.save(api.base_url, token)
    emit(args, {"user": me, "config": str(path)}, f"Logged in as {me['username']} ({path}).")
    return EXIT_OK


def cmd_problems(args: argparse.Namespace, api: Api) -> int:
    rows, page = [], 1
    while True:
        data = api.get(
            "problems/", difficulty=args.difficulty, tag=args.tag, search=args.search, page=page
        )
        rows.extend(data["results"])
        if not data.get("next"):
            break
        page += 1
    if not rows:
        filters = {"difficulty": args.difficulty, "tag": args.tag, "search": args.search}
        wanted = " and ".join(f"{k} {v!r}" for k, v in filters.items() if v)
        text = f"No problems match {wanted}." if wanted else "No problems are published yet."
        emit(args, rows, text)
        return EXIT_OK
    text = report.table(
        [
            [
                "✓" if p.get("solved") else "",
                p["slug"],
                p["title"],
                p["difficulty"],
                f"{100 * (p.get('acceptance_rate') or 0):.0f}%",
            ]
            for p in rows
        ],
        ["", "slug", "title", "difficulty", "accepted"],
    )
    emit(args, rows, text)
    return EXIT_OK


def cmd_show(args: argparse.Namespace, api: Api) -> int:
    p = api.get(f"problems/{args.slug}/")
    sig = p.get("signature") or {}
    text = "\n".join(
        [
            f"{p['title']} ({p['difficulty']})",
            "",
            p.get("statement", "").strip(),
            "",
            "CUDA:   " + str(sig.get("cuda", "")),
            "Python: " + str(sig.get("python", "")),
            "Languages: " + ", ".join(p.get("languages", [])),
            "Devices:   " + ", ".join(d["kind"] for d in p.get("devices", [])),
        ]
    )
    emit(args, p, text)
    return EXIT_OK


def cmd_init(args: argparse.Namespace, api: Api) -> int:
    p = api.get(f"problems/{args.slug}/")
    starter = (p.get("starters") or {}).get(args.language)
    if starter is None:
        raise UsageError(f"no {args.language} starter for {args.slug}")
    record = record_of(language_records(api), args.language)
    target = Path(args.output or f"{args.slug}-{record['starter_file']}")
    if target.exists() and not args.force:
        raise UsageError(f"{target} exists (use --force to overwrite)")
    target.write_text(f"{record['line_comment']} problem: {args.slug}\n{starter}")
    emit(args, {"file": str(target)}, f"Wrote {target}.")
    return EXIT_OK


def cmd_judge(args: argparse.Namespace, api: Api) -> int:
    path = Path(args.file)
    if not path.is_file():
        raise UsageError(f"no such file: {path}")
    source = read_source(path)
    body = {
        "problem": args.problem or infer_problem(path, source),
        "language": args.language or infer_language(path, source, language_records(api)),
        "device": args.device,
        "mode": args.command,
        "source": source,
    }
    sub = api.post("submissions/", body)
    if args.no_wait:  # the id on stdout, for `kerneljudge status ID` later
        emit(args, sub, str(sub["id"]))
        return EXIT_OK
    if not args.json:
        print(
            f"Submission {sub['id']} queued ({body['language']} on {body['device']}).",
            file=sys.stderr,
        )
    sub = wait_for(api, sub["id"], quiet=args.json, timeout=args.timeout)
    emit(args, sub, report.submission_report(sub))
    return EXIT_OK if sub.get("verdict") == "accepted" else EXIT_VERDICT


def cmd_profile(args: argparse.Namespace, api: Api) -> int:
    """Submit in mode profile (a GPU device; never ranked), wait, print the per-kernel
    summary and save the Nsight Compute report. ``kerneljudge profile PROBLEM FILE`` or
    ``kerneljudge profile FILE`` (the problem from the file, as for run/submit)."""
    if args.file is None:
        args.file, args.problem = args.problem_or_file, None
    else:
        args.problem = args.problem_or_file
    path = Path(args.file)
    if not path.is_file():
        raise UsageError(f"no such file: {path}")
    source = read_source(path)
    body = {
        "problem": args.problem or infer_problem(path, source),
        "language": args.language or infer_language(path, source, language_records(api)),
        "device": args.device,
        "mode": "profile",
        "source": source,
    }
    sub = api.post("submissions/", body)
    if not args.json:
        print(
            f"Profile {sub['id']} queued ({body['language']} on {body['device']}).", file=sys.stderr
        )
    sub = wait_for(api, sub["id"], quiet=args.json, timeout=args.timeout)
    data = api.get(f"submissions/{sub['id']}/profile/")
    saved = None
    if data.get("report_url") and not args.no_report:
        target = Path(args.report or f"submission-{sub['id']}.ncu-rep")
        size = api.download(f"submissions/{sub['id']}/profile/report/", target)
        saved = {"path": str(target), "bytes": size}
    text = report.submission_report(sub) + "\n\n" + report.profile_report(data)
    if saved:
        text += f"\nReport saved to {saved['path']} ({saved['bytes']} bytes)."
    emit(args, {"submission": sub, "profile": data, "report_file": saved}, text)
    ok = sub.get("verdict") == "accepted" and (data.get("profile") or {}).get("ok")
    return EXIT_OK if ok else EXIT_VERDICT


def wait_for(api: Api, sub_id: int, quiet: bool, timeout: float) -> dict:
    """Follow the live event stream; fall back to polling if the stream breaks."""
    deadline = time.monotonic() + timeout
    try:
        for event, data in api.events(f"submissions/{sub_id}/events/"):
            if not quiet:
                report.progress_bar(data)
            if event == "done" or data.get("status") in FINAL_STATUSES:
                break
            if time.monotonic() > deadline:
                break
    except (NetworkError, ApiError):
        pass
    while True:
        sub = api.get(f"submissions/{sub_id}/")
        if sub.get("status") in FINAL_STATUSES:
            if not quiet and sys.stderr.isatty():
                sys.stderr.write("\n")
            return sub
        if time.monotonic() > deadline:
            raise NetworkError(
                f"submission {sub_id} still {sub.get('status')} after {timeout:.0f} s"
            )
        time.sleep(0.5)


def cmd_status(args: argparse.Namespace, api: Api) -> int:
    sub = api.get(f"submissions/{args.id}/")
    emit(args, sub, report.submission_report(sub))
    if sub.get("status") not in FINAL_STATUSES:
        return EXIT_VERDICT
    return EXIT_OK if sub.get("verdict") == "accepted" else EXIT_VERDICT


def cmd_cancel(args: argparse.Namespace, api: Api) -> int:
    sub = api.post(f"submissions/{args.id}/cancel/")
    emit(args, sub, f"Submission {sub['id']} cancelled.")
    return EXIT_OK


def cmd_languages(args: argparse.Namespace, api: Api) -> int:
    """Every language and the device kinds that judge it now (their workers' self-tests)."""
    records = language_records(api)
    rows = [
        [
            r["name"],
            r["title"],
            ", ".join(
                f"{kind} ({r['versions'][kind]})" if r["versions"].get(kind) else kind
                for kind in r["device_kinds"]
            )
            or "no live worker judges it now",
        ]
        for r in records
    ]
    emit(args, records, report.table(rows, ["language", "name", "judged on"]))
    return EXIT_OK


def cmd_leaderboard(args: argparse.Namespace, api: Api) -> int:
    data = api.get(f"leaderboards/{args.slug}/", device=args.device, language=args.language)
    rows = data.get("results", data) if isinstance(data, dict) else data
    text = report.table(
        [
            [
                r["rank"],
                r["user"],
                report.fmt_ms(r.get("score_ms")),
                r.get("language"),
                r.get("device"),
            ]
            for r in rows
        ],
        ["rank", "user", "time", "language", "device"],
    )
    if isinstance(data, dict) and data.get("device"):
        text = f"{args.slug} on {data['device']}\n" + text
    emit(args, data, text)
    return EXIT_OK


# -- entry point ------------------------------------------------------------------------------


JSON_HELP = "print JSON instead of text"
URL_HELP = "server URL (default: $KERNELJUDGE_URL or the config file)"


def build_parser() -> argparse.ArgumentParser:
    # --json and --url go before or after the subcommand: the subcommands' copies default to
    # SUPPRESS so that they do not overwrite what was given before the subcommand.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help=JSON_HELP)
    common.add_argument("--url", default=argparse.SUPPRESS, help=URL_HELP)
    parser = argparse.ArgumentParser(prog="kerneljudge", description="KernelJudge client")
    parser.add_argument("--json", action="store_true", help=JSON_HELP)
    parser.add_argument("--url", help=URL_HELP)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("login", parents=[common], help="store an API token")
    p.add_argument("--token")
    p.set_defaults(func=cmd_login)

    p = sub.add_parser("problems", parents=[common], help="list problems")
    p.add_argument("--difficulty", choices=["easy", "medium", "hard"])
    p.add_argument("--tag")
    p.add_argument("--search", "-s", help="words in the title or slug")
    p.set_defaults(func=cmd_problems)

    p = sub.add_parser("show", parents=[common], help="show a problem")
    p.add_argument("slug")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("init", parents=[common], help="write a problem's starter")
    p.add_argument("slug")
    p.add_argument("--language", "-l", required=True)
    p.add_argument("--output", "-o")
    p.add_argument("--force", action="store_true")
    p.set_defaults(func=cmd_init)

    for name, helptext in (("run", "run the public tests"), ("submit", "submit for judging")):
        p = sub.add_parser(name, parents=[common], help=helptext)
        p.add_argument("file")
        p.add_argument("--problem", "-p")
        p.add_argument("--language", "-l")
        p.add_argument("--device", "-d", default="cpu")
        p.add_argument("--timeout", type=float, default=600.0)
        p.add_argument(
            "--no-wait",
            action="store_true",
            help="print the submission's id and return at once (see `kerneljudge status ID`)",
        )
        p.set_defaults(func=cmd_judge)

    p = sub.add_parser(
        "profile", parents=[common], help="profile on a GPU with Nsight Compute (never ranked)"
    )
    p.add_argument("problem_or_file", metavar="PROBLEM")
    p.add_argument("file", nargs="?", help="the source (PROBLEM may then be omitted)")
    p.add_argument("--language", "-l")
    p.add_argument("--device", "-d", required=True, help="a GPU device kind, e.g. gpu-h100")
    p.add_argument(
        "--report", "-o", help="where to save the .ncu-rep (default: ./submission-ID.ncu-rep)"
    )
    p.add_argument("--no-report", action="store_true", help="do not download the report")
    p.add_argument("--timeout", type=float, default=900.0)
    p.set_defaults(func=cmd_profile)

    p = sub.add_parser("status", parents=[common], help="show a submission")
    p.add_argument("id", type=int)
    p.set_defaults(func=cmd_status)

    p = sub.add_parser("cancel", parents=[common], help="cancel a queued or running submission")
    p.add_argument("id", type=int)
    p.set_defaults(func=cmd_cancel)

    p = sub.add_parser(
        "languages", parents=[common], help="the languages and the devices that judge them now"
    )
    p.set_defaults(func=cmd_languages)

    p = sub.add_parser("leaderboard", parents=[common], help="show a problem's leaderboard")
    p.add_argument("slug")
    p.add_argument("--device", "-d")
    p.add_argument("--language", "-l")
    p.set_defaults(func=cmd_leaderboard)

    judging = contest.Judging(
        read_source,
        lambda api, path, source: infer_language(path, source, language_records(api)),
        wait_for,
        UsageError,
    )
    contest.add_commands(sub, common, lambda func: lambda args, api: func(args, api, judging))
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return EXIT_USAGE if exc.code else EXIT_OK
    settings = config.load()
    api = Api(args.url or settings.url, settings.token)
    try:
        return args.func(args, api)
    except UsageError as exc:
        print(f"kerneljudge: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except ApiError as exc:
        print(f"kerneljudge: {exc.message}", file=sys.stderr)
        return EXIT_USAGE
    except NetworkError as exc:
        print(f"kerneljudge: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader left (`kerneljudge show softmax | head`): what it wanted was printed.
        # Later writes, and the flush at exit, go nowhere instead of raising again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
