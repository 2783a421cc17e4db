"""Write bench/results/latest.json: the newest raw result of every benchmark under bench/.

    python bench/make_latest.py           # rewrite latest.json from the raw files
    python bench/make_latest.py --check   # exit 1 when latest.json is not what they give

A raw result is a JSON object anywhere under bench/results/ (the archive included) with the
fields `benchmark`, `date` and `commit`, as every benchmark writes them (bench/provenance.py
records the machine and the command beside them). Its benchmark is the script
`bench/<name>.py` whose name is the longest that `benchmark` starts with (`throughput_service`
is bench/throughput.py's); raw files of scripts that are no longer benchmarks (probes) are
left out. The entry of a benchmark is its newest raw file by `date`, named with its path, its
commit, its machine and its method (the raw file's `method`, else the first line of the
script's docstring). Nothing here is typed by hand: a test regenerates the file and compares.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
RESULTS = BENCH / "results"
LATEST = RESULTS / "latest.json"
ABOUT = (
    "The newest raw result of each benchmark, written by bench/make_latest.py from the files "
    "under bench/results/; bench/README.md says what each benchmark measures."
)


def scripts() -> dict[str, Path]:
    """Benchmark name -> script: every Python file in bench/ and its folders but probes/."""
    found: dict[str, Path] = {}
    for path in sorted(BENCH.rglob("*.py")):
        rel = path.relative_to(BENCH)
        if rel.parts[0] in ("probes", "results") or path.stem.startswith("_"):
            continue
        found.setdefault(path.stem, path)
    return found


def script_of(benchmark: str, known: dict[str, Path]) -> Path | None:
    matches = [name for name in known if benchmark == name or benchmark.startswith(name + "_")]
    return known[max(matches, key=len)] if matches else None


def first_doc_line(path: Path) -> str:
    doc = ast.get_docstring(ast.parse(path.read_text())) or ""
    return doc.strip().split("\n\n")[0].replace("\n", " ")


def _machine(raw: dict) -> str | None:
    machine = raw.get("machine")
    if isinstance(machine, dict):
        parts = [machine.get("host"), machine.get("gpu") or machine.get("arch")]
        cpus = machine.get("cpus")
        text = ", ".join(str(p) for p in parts if p)
        return f"{text} ({cpus} CPUs)" if cpus else text or None
    return machine if isinstance(machine, str) else None


def raw_results(results: Path = RESULTS) -> list[tuple[Path, dict]]:
    found = []
    for path in sorted(results.rglob("*.json")):
        if path.name in ("latest.json", "commits.json"):
            continue
        try:
            raw = json.loads(path.read_text())
        except (ValueError, UnicodeDecodeError):
            continue
        if isinstance(raw, dict) and all(
            isinstance(raw.get(k), str) and raw[k] for k in ("benchmark", "date", "commit")
        ):
            found.append((path, raw))
    return found


def code_commit(path: Path) -> str | None:
    """The commit whose code ran, where the folder's commits.json names one for the file (a
    machine's copy of the tree with changes on top records its own HEAD in the file)."""
    commits = path.parent / "commits.json"
    if not commits.exists():
        return None
    return json.loads(commits.read_text()).get(path.name)


def latest(results: Path = RESULTS) -> dict:
    known = scripts()
    newest: dict[str, tuple[Path, dict, Path]] = {}
    for path, raw in raw_results(results):
        script = script_of(raw["benchmark"], known)
        if script is None:
            continue
        name = script.stem
        if name not in newest or (raw["date"], str(path)) > (
            newest[name][1]["date"],
            str(newest[name][0]),
        ):
            newest[name] = (path, raw, script)
    out: dict = {"_about": ABOUT}
    for name in sorted(newest):
        path, raw, script = newest[name]
        entry = {
            "script": str(script.relative_to(ROOT)),
            "file": str(path.relative_to(results.parent.parent)),
            "date": raw["date"],
            "commit": raw["commit"],
            "machine": _machine(raw),
            "method": raw.get("method") or first_doc_line(script),
        }
        if code := code_commit(path):
            entry["code_commit"] = code
        if isinstance(raw.get("summary"), dict):
            entry["summary"] = raw["summary"]
        out[name] = entry
    return out


def render() -> str:
    return json.dumps(latest(), indent=2) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    text = render()
    if args.check:
        if LATEST.exists() and LATEST.read_text() == text:
            return 0
        print(f"{LATEST} is stale: run python bench/make_latest.py", file=sys.stderr)
        return 1
    LATEST.write_text(text)
    print(LATEST)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
