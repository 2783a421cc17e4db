"""Try each carried language's smallest real program on a GPU box, one subprocess per language.

Run on the box after unpacking the archives that ``pack.py`` wrote, each into its own folder:

    for L in cute tilelang; do mkdir -p /tmp/site/$L && tar -xJf .carry/$L.tar.xz -C /tmp/site/$L; done
    python3 bench/languages/smoke.py cute tilelang --site /tmp/site --out smoke.json

Each language's program (``smoke_<lang>.py`` beside this file) adds ``<site>/<lang>`` with
``site.addsitedir`` (which runs the ``.pth`` files a bare PYTHONPATH would skip), imports the
language, compiles a vector add, runs it on torch tensors, compares with torch, and prints one
JSON line: imported, compiled, correct, seconds to the first result, error. A language that
fails, hangs (--timeout) or crashes does not stop the others. One table row per language on
stdout; all rows and the provenance in --out.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from provenance import provenance  # noqa: E402

LANGUAGES = ("cute", "tilelang", "mojo", "cutile")
FIELDS = ("imported", "compiled", "correct", "first_result_s")


def run_one(language: str, site: Path, timeout: float) -> dict:
    program = HERE / f"smoke_{language}.py"
    started = time.perf_counter()
    row = {"language": language, "imported": False, "compiled": False, "correct": False}
    try:
        proc = subprocess.run(
            [sys.executable, str(program), "--site", str(site / language)],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as exc:
        row["error"] = f"timed out after {timeout:.0f} s"
        row["stderr_tail"] = (exc.stderr or b"")[-2000:].decode(errors="replace")
        row["wall_s"] = round(time.perf_counter() - started, 2)
        return row
    row["wall_s"] = round(time.perf_counter() - started, 2)
    row["returncode"] = proc.returncode
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if lines:
        row.update(json.loads(lines[-1]))
    else:
        row["error"] = "no result line"
    row["stderr_tail"] = proc.stderr[-2000:]
    if not row.get("error") and proc.returncode != 0:
        row["error"] = f"exit status {proc.returncode}"
    return row


def _cell(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "-" if value is None else str(value)


def table(rows: list[dict]) -> str:
    head = "| language | imported | compiled | correct | first result (s) | error |"
    out = [head, "| --- | --- | --- | --- | ---: | --- |"]
    for row in rows:
        error = (row.get("error") or "").splitlines()
        cells = [row["language"], *(_cell(row.get(f)) for f in FIELDS)]
        cells.append((error[0] if error else "")[:160].replace("|", "/"))
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("languages", nargs="+", choices=LANGUAGES)
    ap.add_argument("--site", type=Path, default=Path("/tmp/site"), help="unpacked archives")
    ap.add_argument("--timeout", type=float, default=150.0, help="seconds per language")
    ap.add_argument("--out", type=Path, help="write the JSON here")
    args = ap.parse_args(argv)
    rows = [run_one(lang, args.site, args.timeout) for lang in args.languages]
    print(table(rows))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        report = {"provenance": provenance(argv), "site": str(args.site), "rows": rows}
        args.out.write_text(json.dumps(report, indent=2) + "\n")
    return 0 if all(r.get("correct") for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
