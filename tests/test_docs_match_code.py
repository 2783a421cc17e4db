"""What the docs quote about the code is read from the code: the hostile corpus's size, the
child's command list, the spare-context lock's default, Mojo's timing status (from the newest
raw timing-truth file), and the solver count a catalog validation trusts."""

from __future__ import annotations

import ast
import json
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _text(name: str) -> str:
    return " ".join((DOCS / name).read_text().split())  # one line: sentences wrap anywhere


def _handler_names(module: Path) -> set[str]:
    """The keys of the `handlers = {...}` dict a child module serves."""
    for node in ast.walk(ast.parse(module.read_text())):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "handlers" for t in node.targets
        ):
            return {k.value for k in node.value.keys}
    raise AssertionError(f"no handlers dict in {module}")


def test_the_hostile_corpus_count_in_security_md_is_the_corpus():
    devices = Counter(
        tomllib.loads(case.read_text())["device"]
        for case in (ROOT / "tests" / "hostile" / "cases").glob("*/case.toml")
    )
    total = sum(devices.values())
    expected = (
        f"The corpus holds {total} cases: {devices['cpu']} judged on the CPU and "
        f"{devices['cuda']} on a GPU"
    )
    assert expected in _text("security.md")


def test_the_child_commands_in_judging_md_are_the_childs_handlers():
    child = ROOT / "runner" / "child"
    loop = (child / "loop.py").read_text()
    assert 'op == "exit"' in loop  # the loop itself answers exit
    torch_ops = _handler_names(child / "torch_child.py") | {"exit"}
    native_ops = _handler_names(child / "native_child.py") | {"exit"}
    text = _text("judging.md")
    listed = re.search(r"the commands are (.+?)\. ", text)
    assert listed, "judging.md no longer lists the child's commands"
    quoted = re.findall(
        r"`([a-z_]+)` ?(?:\([^)]*\))?", listed.group(1).split(" (the torch-free")[0]
    )
    assert set(quoted) == torch_ops
    native = re.search(r"torch-free native child answers (.+?)\)", text)
    assert native and set(re.findall(r"`([a-z_]+)`", native.group(1))) == native_ops


def test_the_spare_context_lock_default_in_security_md_is_the_codes(monkeypatch):
    from runner.service.spares import CONTEXT_LOCK_ENV, SpareSlot

    monkeypatch.delenv(CONTEXT_LOCK_ENV, raising=False)
    assert SpareSlot("cuda", enabled=False).context_lock is False  # off by default
    monkeypatch.setenv(CONTEXT_LOCK_ENV, "1")
    assert SpareSlot("cuda", enabled=False).context_lock is True
    text = _text("security.md")
    assert f"By default (`{CONTEXT_LOCK_ENV}` unset or `0`) a GPU spare creates its CUDA" in text
    assert "takes no lock" in text
    assert f"With `{CONTEXT_LOCK_ENV}=1` the spare creates its context in a step" in text
    assert "never created during" not in text.replace("no spare's context is created during", "")
    server = " ".join((ROOT / "runner" / "service" / "server.py").read_text().split())
    assert f"${CONTEXT_LOCK_ENV}=1`` (off by default" in server


def _newest_mojo_timing_truth() -> dict:
    found = []
    for path in (ROOT / "bench" / "results").rglob("timing_truth*.json"):
        try:
            data = json.loads(path.read_text())
        except ValueError:
            continue
        if isinstance(data, dict) and ".mojo" in json.dumps(data.get("solutions")):
            if (data.get("summary") or {}).get("compared"):
                found.append((data["date"], path, data))
    assert found, "no raw Mojo timing-truth file under bench/results"
    return max(found, key=lambda f: f[0])[2]


@pytest.mark.parametrize("doc", ["performance.md", "languages/README.md", "languages/mojo.md"])
def test_every_doc_states_mojos_timing_status_as_the_newest_raw_file_says(doc):
    summary = _newest_mojo_timing_truth()["summary"]
    status = "within 3 %" if summary["within_3pct"] == summary["compared"] else "not within 3 %"
    text = _text(doc).replace("**", "")
    assert f"timing truth now: {status}" in text
    assert "still not within 3 %" not in text


def test_validate_counts_a_wrong_solution_caught_only_on_a_real_rejection():
    from runner.contract.vocabulary import VERDICTS
    from runner.tools.validate import CAUGHT_VERDICTS

    assert set(CAUGHT_VERDICTS) < set(VERDICTS)
    for never in ("accepted", "internal_error", "rejected", "compile_error"):
        assert never not in CAUGHT_VERDICTS


def test_validate_does_not_count_a_harness_verdict_as_catching_a_wrong_solution(tmp_path):
    import shutil

    from runner.contract import JudgeResult
    from runner.tools.validate import validate_package

    package = tmp_path / "vector-add"
    shutil.copytree(ROOT / "problems" / "catalog" / "vector-add", package)
    verdicts = {}

    def judge(job):
        verdict = verdicts.get(job.source, "accepted")
        return JudgeResult(verdict=verdict, message=verdict)

    wrong = sorted((package / "solutions").glob("wrong_*.py"))
    for verdict in ("rejected", "internal_error", "compile_error", "wrong_answer"):
        for sol in wrong:
            verdicts[sol.read_text()] = verdict
        report = validate_package(package, "cpu", judge=judge, compile_cuda=lambda s, a: (True, ""))
        checks = [c for c in report.checks if c.what.startswith("wrong_") and c.verdict]
        assert checks and all(c.ok == (verdict == "wrong_answer") for c in checks), verdict


def test_the_tie_rule_table_in_judging_md_lists_the_problems_that_declare_one():
    text = (DOCS / "judging.md").read_text()
    section = text.split("### Several valid answers: ties", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| ([a-z0-9-]+) \| `(\w+)`", section, flags=re.M)
    declared = {
        (toml.parent.name, rule["output"])
        for toml in (ROOT / "problems" / "catalog").glob("*/problem.toml")
        for rule in tomllib.loads(toml.read_text()).get("ties", [])
    }
    assert set(rows) == declared and len(rows) == len(declared)
