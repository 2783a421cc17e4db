"""Pack one language's wheels into a small archive that a GPU box without internet can unpack
and put on ``sys.path``, and report what each step saved.

    python bench/languages/pack.py LANG [--wheels DIR] [--out REPORT.json]

Steps: download the pinned wheels of ``carry_sets.CARRY_SETS[LANG]`` (``pip download
--no-deps`` for CPython 3.12 on manylinux x86_64; or take them from --wheels), install them as
pip would lay them out into one tree (without pip: a wheel is a zip), delete the files the set's
rules name, strip ELF files that still carry a symbol table (kept only where smaller), replace
byte-identical copies by relative symlinks, then write ``.carry/LANG.tar.xz`` (``xz -9e``) and
measure ``zstd -19 --long=27`` of the same tar. On the box:
``mkdir -p /tmp/site && tar -xJf .carry/LANG.tar.xz -C /tmp/site`` and
``site.addsitedir('/tmp/site')`` (it runs the ``.pth`` files that a bare PYTHONPATH skips).
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from carry_sets import CARRY_SETS, CarrySet  # noqa: E402
from provenance import provenance  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PLATFORMS = (
    "manylinux_2_35_x86_64",
    "manylinux_2_34_x86_64",
    "manylinux_2_28_x86_64",
    "manylinux_2_27_x86_64",
    "manylinux_2_24_x86_64",
    "manylinux_2_17_x86_64",
    "manylinux2014_x86_64",
    "manylinux_2_12_x86_64",
    "manylinux2010_x86_64",
)
MIB = 1 << 20


def download(carry: CarrySet, dest: Path, pip: list[str]) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    cmd = [*pip, "download", "--no-deps", "--only-binary=:all:", "--python-version", "3.12"]
    cmd += ["--implementation", "cp", "-d", str(dest)]
    for plat in PLATFORMS:
        cmd += ["--platform", plat]
    cmd += [f"{name}=={version}" for name, version in carry.wheels]
    subprocess.run(cmd, check=True)


def _normalized(name: str) -> str:
    return name.lower().replace("-", "_").replace(".", "_")


def find_wheels(carry: CarrySet, folder: Path) -> dict[str, Path]:
    """{distribution: wheel file} for the set's pinned versions; raises if one is missing."""
    found = {}
    for name, version in carry.wheels:
        prefix = f"{_normalized(name)}-{version}-"
        hits = [w for w in folder.glob("*.whl") if w.name.lower().startswith(prefix)]
        if not hits:
            raise FileNotFoundError(f"no wheel {name}=={version} in {folder}")
        found[name] = sorted(hits)[0]
    return found


def installed_path(member: str) -> str | None:
    """Where pip puts a wheel member, relative to site-packages (None: a directory entry)."""
    if member.endswith("/"):
        return None
    first, _, rest = member.partition("/")
    if first.endswith(".data") and rest:
        scheme, _, inner = rest.partition("/")
        if scheme in ("purelib", "platlib"):
            return inner
        if scheme == "scripts":
            return f"_prefix/bin/{inner}"
        return f"_prefix/{inner}"  # data, headers
    return member


def install(wheel: Path, site: Path) -> list[str]:
    """Unzip ``wheel`` into ``site`` at pip's places, keeping the executable bit; returns the
    installed paths."""
    paths = []
    with zipfile.ZipFile(wheel) as zf:
        for info in zf.infolist():
            rel = installed_path(info.filename)
            if rel is None:
                continue
            target = site / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            with zf.open(info) as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)
            mode = (info.external_attr >> 16) & 0o777
            os.chmod(target, 0o755 if mode & 0o100 else 0o644)
            paths.append(rel)
    return paths


def _size(site: Path, paths: list[str]) -> int:
    total = 0
    for rel in paths:
        p = site / rel
        if p.is_file() and not p.is_symlink():
            total += p.stat().st_size
    return total


def apply_removals(
    site: Path,
    owners: dict[str, list[str]],
    rules: tuple[tuple[str, str], ...],
    keep: tuple[str, ...] = (),
) -> list[dict]:
    """Delete the files matching each rule but none of ``keep``; returns one record per rule
    (files, bytes)."""
    records = []
    for pattern, reason in rules:
        hits, nbytes = [], 0
        for paths in owners.values():
            for rel in list(paths):
                if any(fnmatch.fnmatch(rel, k) for k in keep):
                    continue
                if fnmatch.fnmatch(rel, pattern) and (site / rel).exists():
                    nbytes += (site / rel).stat().st_size
                    (site / rel).unlink()
                    paths.remove(rel)
                    hits.append(rel)
        records.append(
            {
                "glob": pattern,
                "reason": reason,
                "files": len(hits),
                "bytes": nbytes,
                "examples": sorted(hits)[:5],
            }
        )
    return records


def _is_elf(path: Path) -> bool:
    with open(path, "rb") as fh:
        return fh.read(4) == b"\x7fELF"


def strip_elf(site: Path, paths: list[str]) -> list[dict]:
    """``strip --strip-unneeded`` each ELF file that has a .symtab; kept only if smaller."""
    done = []
    for rel in paths:
        p = site / rel
        if not p.is_file() or p.is_symlink() or not _is_elf(p):
            continue
        sections = subprocess.run(["readelf", "-S", "-W", str(p)], capture_output=True, text=True)
        if ".symtab" not in sections.stdout and ".debug_" not in sections.stdout:
            continue
        before = p.stat().st_size
        tmp = p.with_name(p.name + ".stripping")
        run = subprocess.run(
            ["strip", "--strip-unneeded", "-o", str(tmp), str(p)], capture_output=True, text=True
        )
        if run.returncode != 0:  # e.g. an ELF for another machine (an aarch64 link stub)
            tmp.unlink(missing_ok=True)
            done.append({"path": rel, "before": before, "after": before, "error": run.stderr[:200]})
            continue
        after = tmp.stat().st_size
        if after < before:
            os.chmod(tmp, p.stat().st_mode)
            tmp.replace(p)
        else:
            tmp.unlink()
            after = before
        done.append({"path": rel, "before": before, "after": after})
    return done


def link_duplicates(site: Path, owners: dict[str, list[str]]) -> list[dict]:
    """Replace each byte-identical copy of a file (over 64 KiB) by a relative symlink to the
    first copy in sorted order; zip wheels cannot hold symlinks, so a shared library's
    ``libx.so`` and ``libx.so.N`` arrive as two copies."""
    by_hash: dict[str, list[str]] = {}
    for rel in sorted(r for paths in owners.values() for r in paths):
        p = site / rel
        if p.is_file() and not p.is_symlink() and p.stat().st_size > 65536:
            digest = hashlib.sha256(p.read_bytes()).hexdigest()
            by_hash.setdefault(digest, []).append(rel)
    linked = []
    for copies in by_hash.values():
        first = copies[0]
        for rel in copies[1:]:
            p = site / rel
            size = p.stat().st_size
            p.unlink()
            p.symlink_to(os.path.relpath(site / first, p.parent))
            linked.append({"path": rel, "now_links_to": first, "bytes": size})
    return linked


def _tar_filter(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.mtime = 0
    return info


XZ_VARIANTS = {
    "xz_9e": ["xz", "-9e", "-T1"],
    # x86 branch filter (relative call targets made absolute, which repeat more) before
    # LZMA2 with a window large enough to span the biggest library; `tar -xJf` reads the
    # filter chain from the stream, and decoding needs about the window in memory
    "xz_x86_9e_dict256m": ["xz", "--x86", "--lzma2=preset=9e,dict=256MiB", "-T1"],
}


def archive(site: Path, carry_dir: Path, language: str, *, archive_only: bool = False) -> dict:
    """Write LANG.tar (sorted, owner 0, mtime 0), compress it with each of ``XZ_VARIANTS``
    and keep the smallest as LANG.tar.xz; measure zstd -19 --long=27 of the same tar.
    ``archive_only``: the x86 variant alone (always the smallest so far), no zstd: an archive
    to carry, not a comparison."""
    carry_dir.mkdir(parents=True, exist_ok=True)
    tar_path = carry_dir / f"{language}.tar"
    with tarfile.open(tar_path, "w", format=tarfile.GNU_FORMAT) as tar:
        for path in sorted(site.rglob("*")):
            if path.is_dir() and not path.is_symlink():
                continue
            tar.add(path, arcname=str(path.relative_to(site)), filter=_tar_filter)
    out: dict = {"tar_bytes": tar_path.stat().st_size}
    best = None
    variants = XZ_VARIANTS
    if archive_only:
        variants = {k: v for k, v in XZ_VARIANTS.items() if k == "xz_x86_9e_dict256m"}
    for name, cmd in variants.items():
        candidate = carry_dir / f"{language}.{name}.tar.xz"
        with open(candidate, "wb") as dst:
            subprocess.run([*cmd, "-c", str(tar_path)], stdout=dst, check=True)
        out[f"{name}_bytes"] = candidate.stat().st_size
        if best is None or candidate.stat().st_size < best.stat().st_size:
            if best is not None:
                best.unlink()
            best = candidate
        else:
            candidate.unlink()
    xz_path = carry_dir / f"{language}.tar.xz"
    best.replace(xz_path)
    out["kept"] = best.name.split(".")[1]
    out["xz_bytes"] = xz_path.stat().st_size
    out["xz_path"] = (
        str(xz_path.relative_to(ROOT)) if xz_path.is_relative_to(ROOT) else str(xz_path)
    )
    if shutil.which("zstd") and not archive_only:
        zst = subprocess.run(
            ["zstd", "-19", "--long=27", "-q", "-c", str(tar_path)], capture_output=True, check=True
        )
        out["zstd_19_long27_bytes"] = len(zst.stdout)
    tar_path.unlink()
    return out


def pack(
    carry: CarrySet, wheel_dir: Path, work: Path, carry_dir: Path, *, archive_only: bool = False
) -> dict:
    wheels = find_wheels(carry, wheel_dir)
    site = work / carry.language
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)
    owners, per_wheel = {}, {}
    for name, wheel in wheels.items():
        owners[name] = install(wheel, site)
        per_wheel[name] = {
            "wheel": wheel.name,
            "wheel_bytes": wheel.stat().st_size,
            "unpacked_bytes": _size(site, owners[name]),
        }
    removals = apply_removals(site, owners, carry.remove, carry.keep)
    for name in wheels:
        per_wheel[name]["after_removal_bytes"] = _size(site, owners[name])
    stripped = (
        strip_elf(site, [r for paths in owners.values() for r in paths]) if carry.strip else []
    )
    for name in wheels:
        per_wheel[name]["after_strip_bytes"] = _size(site, owners[name])
    linked = link_duplicates(site, owners)
    for name in wheels:
        per_wheel[name]["after_dedup_bytes"] = _size(site, owners[name])
    sizes = archive(site, carry_dir, carry.language, archive_only=archive_only)
    total = {
        key: sum(w[key] for w in per_wheel.values())
        for key in (
            "wheel_bytes",
            "unpacked_bytes",
            "after_removal_bytes",
            "after_strip_bytes",
            "after_dedup_bytes",
        )
    }
    return {
        "language": carry.language,
        "wheels": per_wheel,
        "total": total,
        "archive": sizes,
        "archive_mib": round(sizes["xz_bytes"] / MIB, 2),
        "removed": removals,
        "stripped": stripped,
        "linked_duplicates": linked,
        "not_carried": list(carry.not_carried),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("language", choices=sorted(CARRY_SETS))
    ap.add_argument("--wheels", type=Path, help="folder holding the wheels (default: download)")
    ap.add_argument("--dl", type=Path, default=ROOT / ".dl", help="download and work folder")
    ap.add_argument("--carry", type=Path, default=ROOT / ".carry", help="where archives go")
    ap.add_argument("--pip", default=f"{sys.executable} -m pip", help="pip command line")
    ap.add_argument("--out", type=Path, help="write the JSON report here")
    ap.add_argument(
        "--archive-only",
        action="store_true",
        help="compress with the x86 xz variant alone and skip zstd (an archive to carry)",
    )
    args = ap.parse_args(argv)
    carry = CARRY_SETS[args.language]
    wheel_dir = args.wheels
    if wheel_dir is None:
        wheel_dir = args.dl / "wheels" / carry.language
        download(carry, wheel_dir, args.pip.split())
    report = {"provenance": provenance(argv)}
    report.update(
        pack(carry, wheel_dir, args.dl / "site", args.carry, archive_only=args.archive_only)
    )
    text = json.dumps(report, indent=2)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
    print(json.dumps({k: report[k] for k in ("language", "total", "archive")}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
