"""The corpus's kept bubblewrap verdicts (tests/hostile/records.py): reused only for the same
tree and sandbox."""

from __future__ import annotations

import pytest

from tests.hostile import records


@pytest.fixture
def kept(tmp_path, monkeypatch):
    monkeypatch.setattr(records, "RECORDS", tmp_path)
    monkeypatch.setattr(records, "choose_backend", lambda: "bwrap")
    monkeypatch.setattr(records, "tree_key", lambda: "tree-a")
    return monkeypatch


def test_a_kept_verdict_is_reused_for_the_same_tree_and_sandbox(kept):
    records.keep("fork-bomb", {"actual": "runtime_error"})
    assert records.recorded("fork-bomb", "bwrap") == {"actual": "runtime_error"}
    assert records.recorded("fork-bomb", "docker") is None  # another sandbox's run
    assert records.recorded("memory-bomb", "bwrap") is None  # never kept


def test_a_verdict_of_another_tree_is_not_used(kept):
    records.keep("fork-bomb", {"actual": "runtime_error"})
    kept.setattr(records, "tree_key", lambda: "tree-b")
    assert records.recorded("fork-bomb", "bwrap") is None


def test_outside_a_checkout_nothing_is_kept(kept, tmp_path):
    kept.setattr(records, "tree_key", lambda: None)
    records.keep("fork-bomb", {"actual": "runtime_error"})
    assert not list(tmp_path.iterdir())
