"""`kerneljudge contest list|show|join|board|submit`: contests from the command line.

The judging helpers (reading a source, its language, following a submission) belong to the
main CLI, which hands them in (`Judging`), so this module never imports it."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kerneljudge import report
from kerneljudge.http import Api


@dataclass(frozen=True)
class Judging:
    read_source: Callable[[Path], str]
    # the language of (file, source) as the site's records say (cli.infer_language)
    infer_language: Callable[[Api, Path, str], str]
    wait_for: Callable[..., dict]
    usage_error: type[Exception]


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, indent=2) if args.json else text)


def cmd_list(args: argparse.Namespace, api: Api, judging: Judging) -> int:
    rows, page = [], 1
    while True:
        data = api.get("contests/", page=page)
        rows.extend(data["results"])
        if not data.get("next"):
            break
        page += 1
    text = report.table(
        [[c["slug"], c["title"], c["phase"], c["scoring"], c["starts_at"], c["ends_at"]]
         for c in rows],
        ["slug", "title", "phase", "scoring", "starts", "ends"],
    )  # fmt: skip
    _emit(args, rows, text)
    return 0


def cmd_show(args: argparse.Namespace, api: Api, judging: Judging) -> int:
    c = api.get(f"contests/{args.slug}/")
    lines = [
        f"{c['title']} ({c['phase']}; scoring: {c['scoring']})",
        f"{c['starts_at']} to {c['ends_at']}"
        + (f", a window of {c['window_minutes']} min each" if c.get("window_minutes") else ""),
        f"Devices: {', '.join(c['devices'])}; languages: {', '.join(c['languages']) or 'all'}",
    ]
    if c.get("description"):
        lines += ["", c["description"].strip()]
    if c.get("problems"):
        lines += ["", report.table([[p["label"], p["slug"], p["title"], p["points"]]
                                    for p in c["problems"]], ["", "slug", "title", "points"])]  # fmt: skip
    for entry in c.get("entries") or []:
        kind = "virtual entry" if entry["virtual"] else "entry"
        line = f"Your {kind}: {entry['name']}"
        if entry.get("team_code"):
            line += f" (team code {entry['team_code']})"
        if entry.get("window_end"):
            line += f", window until {entry['window_end']}"
        lines.append(line)
    if c.get("join_code"):
        lines.append(f"Join code: {c['join_code']}")
    _emit(args, c, "\n".join(lines))
    return 0


def cmd_join(args: argparse.Namespace, api: Api, judging: Judging) -> int:
    body = {"code": args.code or "", "token": args.token or "", "team_name": args.team or "",
            "team_code": args.team_code or "", "virtual": args.virtual}  # fmt: skip
    c = api.post(f"contests/{args.slug}/join/", body)
    if args.start:
        c = api.post(f"contests/{args.slug}/start/")
    entry = (c.get("entries") or [{}])[-1]
    _emit(args, c, f"Joined {c['title']} as {entry.get('name', '?')}.")
    return 0


def board_text(board: dict) -> str:
    labels = [p["label"] for p in board["problems"]]
    score = {"icpc": ("solved", "penalty"), "speed": ("points", "penalty"),
             "ranks": ("rank_sum", "solved")}[board["scoring"]]  # fmt: skip
    rows = []
    for r in board["rows"]:
        cells = []
        for label in labels:
            cell = r["cells"][label]
            mark = "+" if cell["solved"] else ("?" if cell["pending"] else "")
            if cell["rejected"]:
                mark += str(cell["rejected"]) if cell["solved"] else f"-{cell['rejected']}"
            if cell["solved"] and board["scoring"] != "icpc":
                best = min(cell["best_ms"].values())
                mark += f" {report.fmt_ms(best)}"
            cells.append(mark)
        name = r["name"] + (" (virtual)" if r["virtual"] else "")
        rows.append([r["rank"], name, *(r[k] for k in score), *cells])
    text = report.table(rows, ["rank", "entry", *score, *labels])
    if board["frozen"]:
        text = f"Frozen since {board['freeze_at']}: later results show as '?'.\n" + text
    me = board.get("me")
    if me is not None:
        text += f"\nYou (live): {', '.join(f'{k} {me[k]}' for k in score)}"
    return text


def cmd_board(args: argparse.Namespace, api: Api, judging: Judging) -> int:
    live = 1 if args.live else None
    if args.csv:
        target = Path(args.csv)
        size = api.download(f"contests/{args.slug}/board/csv/", target, "text/csv", live=live)
        _emit(args, {"file": str(target), "bytes": size}, f"Wrote {target} ({size} bytes).")
        return 0
    board = api.get(f"contests/{args.slug}/board/", live=live)
    _emit(args, board, board_text(board))
    return 0


def cmd_submit(args: argparse.Namespace, api: Api, judging: Judging) -> int:
    path = Path(args.file)
    if not path.is_file():
        raise judging.usage_error(f"no such file: {path}")
    source = judging.read_source(path)
    body = {"problem": args.problem.upper(), "source": source,
            "language": args.language or judging.infer_language(api, path, source),
            "mode": "run" if args.run else "submit"}  # fmt: skip
    if args.device:
        body["device"] = args.device
    sub = api.post(f"contests/{args.slug}/submissions/", body)
    if not args.json:
        print(f"Submission {sub['id']} queued ({sub['language']} on {sub['device']}).",
              file=sys.stderr)  # fmt: skip
    sub = judging.wait_for(api, sub["id"], quiet=args.json, timeout=args.timeout)
    _emit(args, sub, report.submission_report(sub))
    return 0 if sub.get("verdict") == "accepted" else 1


def add_commands(sub: Any, common: argparse.ArgumentParser, run: Callable) -> None:
    """The `contest` command and its subcommands; `run(func)` makes a parser default that
    calls func(args, api, judging)."""
    contest = sub.add_parser("contest", parents=[common], help="contests: list, join, board...")
    verbs = contest.add_subparsers(dest="verb", required=True)
    p = verbs.add_parser("list", parents=[common], help="the contests you can see")
    p.set_defaults(func=run(cmd_list))
    p = verbs.add_parser("show", parents=[common], help="a contest, its problems, your entry")
    p.add_argument("slug")
    p.set_defaults(func=run(cmd_show))
    p = verbs.add_parser("join", parents=[common], help="join (by code, invite, team...)")
    p.add_argument("slug")
    p.add_argument("--code", help="the contest's join code")
    p.add_argument("--token", help="the token of an invite link")
    p.add_argument("--team", help="lead a new team with this name")
    p.add_argument("--team-code", help="join a team with its code")
    p.add_argument("--virtual", action="store_true", help="take a past contest virtually")
    p.add_argument("--start", action="store_true", help="start your window now")
    p.set_defaults(func=run(cmd_join))
    p = verbs.add_parser("board", parents=[common], help="the scoreboard")
    p.add_argument("slug")
    p.add_argument("--csv", metavar="FILE", help="save the CSV export to FILE")
    p.add_argument("--live", action="store_true", help="organisers: without the freeze")
    p.set_defaults(func=run(cmd_board))
    p = verbs.add_parser("submit", parents=[common], help="submit to a contest problem")
    p.add_argument("slug")
    p.add_argument("problem", help="the problem's label: A, B, ...")
    p.add_argument("file")
    p.add_argument("--language", "-l")
    p.add_argument("--device", "-d", help="default: the contest's first device")
    p.add_argument("--run", action="store_true", help="the public tests only (never counts)")
    p.add_argument("--timeout", type=float, default=600.0)
    p.set_defaults(func=run(cmd_submit))
