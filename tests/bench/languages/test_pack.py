"""bench/languages/pack.py without network or GPU: where wheel members land, which files the
removal rules delete, how identical copies become links, and an archive that unpacks to the
same tree."""

from __future__ import annotations

import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bench" / "languages"))

import pack  # noqa: E402
from carry_sets import CARRY_SETS, CarrySet  # noqa: E402


def test_wheel_members_land_where_pip_puts_them():
    assert pack.installed_path("pkg/__init__.py") == "pkg/__init__.py"
    assert pack.installed_path("x-1.0.data/platlib/modular/bin/mojo") == "modular/bin/mojo"
    assert pack.installed_path("x-1.0.data/purelib/mod.py") == "mod.py"
    assert pack.installed_path("x-1.0.data/scripts/tool") == "_prefix/bin/tool"
    assert pack.installed_path("x-1.0.data/data/bin/z3") == "_prefix/bin/z3"
    assert pack.installed_path("pkg/") is None


def _wheel(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return path


def test_removal_rules_delete_matches_but_never_kept_files(tmp_path):
    site = tmp_path / "site"
    wheel = _wheel(
        tmp_path / "demo-1.0-py3-none-any.whl",
        {
            "lib/mojo/std.mojoc": b"s",
            "lib/mojo/nn.mojoc": b"nn",
            "lib/mojo/_cublas.mojoc": b"cb",
            "bin/tool": b"t",
        },
    )
    owners = {"demo": pack.install(wheel, site)}
    records = pack.apply_removals(
        site, owners, (("lib/mojo/*.mojoc", "not imported"),), keep=("lib/mojo/std.mojoc",)
    )
    assert sorted(p.name for p in (site / "lib" / "mojo").iterdir()) == ["std.mojoc"]
    assert records[0]["files"] == 2 and records[0]["bytes"] == 4
    assert sorted(owners["demo"]) == ["bin/tool", "lib/mojo/std.mojoc"]


def test_identical_large_copies_become_relative_links(tmp_path):
    site = tmp_path / "site"
    blob = bytes(range(256)) * 300  # over the 64 KiB floor
    wheel = _wheel(
        tmp_path / "z-1.0-py3-none-any.whl", {"z/lib/libz.so": blob, "z/lib/libz.so.4": blob}
    )
    owners = {"z": pack.install(wheel, site)}
    linked = pack.link_duplicates(site, owners)
    assert linked == [
        {"path": "z/lib/libz.so.4", "now_links_to": "z/lib/libz.so", "bytes": len(blob)}
    ]
    assert (site / "z/lib/libz.so.4").is_symlink()
    assert (site / "z/lib/libz.so.4").read_bytes() == blob


def test_pack_writes_an_archive_that_unpacks_to_the_reduced_tree(tmp_path):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    _wheel(wheels / "demo-1.0-py3-none-any.whl", {"demo/__init__.py": b"X = 1\n", "demo/a.h": b"h"})
    carry = CarrySet(language="demo", wheels=(("demo", "1.0"),), remove=(("demo/*.h", "header"),))
    report = pack.pack(carry, wheels, tmp_path / "work", tmp_path / "carry")
    assert report["wheels"]["demo"]["unpacked_bytes"] == 7
    assert report["wheels"]["demo"]["after_removal_bytes"] == 6
    archive = tmp_path / "carry" / "demo.tar.xz"
    assert report["archive"]["xz_bytes"] == archive.stat().st_size
    with tarfile.open(archive) as tar:
        assert tar.getnames() == ["demo/__init__.py"]


def test_every_carry_set_pins_exact_versions_and_gives_each_removal_a_reason():
    for carry in CARRY_SETS.values():
        assert all(version[0].isdigit() for _, version in carry.wheels)
        assert all(len(reason) > 20 for _, reason in carry.remove)
