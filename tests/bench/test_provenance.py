"""bench/provenance.py: the record that ties a benchmark figure to the code that ran. Its tree
id must be git's own (what `git add -A && git write-tree` gives) for the files on disk, so that
it names the commit of those files even where HEAD is stale; checked against real git in a
scratch repository."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import provenance  # noqa: E402

pytestmark = pytest.mark.skipif(
    subprocess.run(["git", "--version"], capture_output=True).returncode != 0,
    reason="needs git",
)


def git(repo: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
    }
    out = subprocess.run(
        ["git", *args], cwd=repo, env=env, capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


def written_tree(repo: Path) -> str:
    """git's own answer, through a scratch index: the tree of the files on disk."""
    index = repo / ".git" / "scratch-index"
    env = {**os.environ, "GIT_INDEX_FILE": str(index)}
    subprocess.run(["git", "read-tree", "HEAD"], cwd=repo, env=env, check=True)
    subprocess.run(["git", "add", "-A"], cwd=repo, env=env, check=True)
    tree = subprocess.run(
        ["git", "write-tree"], cwd=repo, env=env, capture_output=True, text=True, check=True
    ).stdout.strip()
    index.unlink()
    return tree


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    r = tmp_path / "repo"
    (r / "pkg" / "sub").mkdir(parents=True)
    git(r, "init", "-q")
    (r / ".gitignore").write_text("ignored/\n")
    (r / "README.md").write_text("hello\n")
    (r / "pkg" / "a.py").write_text("x = 1\n")
    (r / "pkg" / "sub" / "b.txt").write_bytes(b"\x00binary\xff")
    (r / "pkg-z.txt").write_text("sorts after pkg/ in git's order\n")
    run = r / "run.sh"
    run.write_text("#!/bin/sh\n")
    run.chmod(0o755)
    os.symlink("pkg/a.py", r / "link")
    git(r, "add", "-A")
    git(r, "commit", "-qm", "one")
    return r


def test_a_clean_tree_is_its_head(repo: Path, monkeypatch) -> None:
    monkeypatch.delenv("KJ_BENCH_COMMIT", raising=False)
    s = provenance.source_state(repo)
    assert s["head"] == git(repo, "rev-parse", "HEAD")
    assert s["tree"] == git(repo, "rev-parse", "HEAD^{tree}") == s["head_tree"]
    assert s["matches_head"] is True and s["diff_sha256"] is None
    assert s["untracked"] == {"count": 0, "first": []} and s["intended_commit"] is None


def test_changes_untracked_and_ignored_files(repo: Path) -> None:
    (repo / "pkg" / "a.py").write_text("x = 2\n")
    (repo / "new.py").write_text("y = 1\n")
    (repo / "ignored").mkdir()
    (repo / "ignored" / "big.bin").write_bytes(b"0" * 100)
    (repo / "README.md").unlink()
    s = provenance.source_state(repo)
    assert s["matches_head"] is False and s["tree"] == written_tree(repo)
    diff = subprocess.run(
        ["git", "diff", "--binary", "HEAD"], cwd=repo, capture_output=True, check=True
    ).stdout
    assert s["diff_sha256"] == hashlib.sha256(diff).hexdigest()
    assert s["untracked"] == {"count": 1, "first": ["new.py"]}


def test_a_copy_with_a_stale_head_names_the_commit_of_its_files(repo: Path, monkeypatch) -> None:
    """The files of a newer commit under an older HEAD and index (a copied working tree): the
    tree id is still the newer commit's, and KJ_BENCH_COMMIT is carried as the intended one."""
    old = git(repo, "rev-parse", "HEAD")
    (repo / "pkg" / "a.py").write_text("x = 3\n")
    (repo / "pkg" / "sub" / "c.py").write_text("z = 1\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "two")
    new = git(repo, "rev-parse", "HEAD")
    git(repo, "reset", "-q", "--mixed", old)  # HEAD and index back, the files stay
    monkeypatch.setenv("KJ_BENCH_COMMIT", new)
    s = provenance.source_state(repo)
    assert s["head"] == old and s["intended_commit"] == new
    assert s["tree"] == git(repo, "rev-parse", f"{new}^{{tree}}")
    assert s["untracked"]["first"] == ["pkg/sub/c.py"]
    assert provenance.commit_label({"source": s}) == new[:12]


def test_without_git_the_error_is_recorded(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KJ_BENCH_COMMIT", "abc123")
    s = provenance.source_state(tmp_path)  # not a repository
    assert s["intended_commit"] == "abc123" and "error" in s and "tree" not in s


def test_the_whole_record(repo: Path) -> None:
    p = provenance.provenance(["bench/x.py", "--quick"], root=repo)
    assert p["argv"] == ["bench/x.py", "--quick"] and p["date"].endswith("Z")
    m = p["machine"]
    assert m["host"] and m["cores"] >= 1 and m["python"] and isinstance(m["gpus"], list)
    assert provenance.commit_label(p) == p["source"]["head"][:12]
    (repo / "README.md").write_text("changed\n")
    assert provenance.commit_label(provenance.provenance([], root=repo)).endswith("+changes")
    f = provenance.figure(1.5, method="median of judged wall times", samples=9, unit="s")
    assert f == {"value": 1.5, "method": "median of judged wall times", "samples": 9, "unit": "s"}
