"""Reading a catalog package folder (problems/catalog/<slug>/) into plain data."""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from problems.jsonsafe import encode_floats
from runner.contract import STARTER_FILES


class PackageError(Exception):
    """A catalog package that cannot be loaded; the message says why."""


@dataclass(frozen=True)
class CatalogPackage:
    slug: str
    title: str
    difficulty: str
    tags: list[str]
    statement: str
    spec: dict
    starters: dict[str, str] = field(default_factory=dict)
    declared_version: int = 1

    def content_hash(self) -> str:
        payload = {
            "title": self.title,
            "difficulty": self.difficulty,
            "tags": self.tags,
            "statement": self.statement,
            "spec": self.spec,
            "starters": self.starters,
            "declared_version": self.declared_version,
        }
        blob = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(blob.encode()).hexdigest()


def package_dirs(catalog_dir: Path) -> list[Path]:
    return sorted(p.parent for p in catalog_dir.glob("*/problem.toml"))


def load_package(path: Path) -> CatalogPackage:
    from runner.contract import ProblemSpec  # the runner owns the package format

    try:
        meta = tomllib.loads((path / "problem.toml").read_text())
        spec = ProblemSpec.from_dir(path).to_dict()
        statement = (path / "statement.md").read_text()
    except Exception as exc:  # noqa: BLE001 - any defect in a package is reported, not raised
        raise PackageError(f"{path.name}: {type(exc).__name__}: {exc}") from exc
    starters = {
        language: (path / "starters" / name).read_text()
        for language, name in STARTER_FILES.items()
        if (path / "starters" / name).is_file()
    }
    return CatalogPackage(
        slug=str(meta.get("slug") or path.name),
        title=str(meta.get("title") or path.name),
        difficulty=str(meta.get("difficulty", "easy")),
        tags=[str(t) for t in meta.get("tags", [])],
        statement=statement,
        spec=encode_floats(json.loads(json.dumps(spec, default=str))),
        starters=starters,
        declared_version=int(meta.get("version", 1)),
    )
