#!/usr/bin/env bash
# Install the system packages the test suite needs (bubblewrap for the process sandbox,
# docker-compose for the deployment file checks, docker.io and debootstrap for the Docker
# stack tests, chromium for the browser tests, g++ for CUDA C++ on the CPU).
# Idempotent and tolerant: installs only what is missing, only as root (or with passwordless
# sudo), and never fails the build because it could not install something.
set -uo pipefail

missing=()
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
command -v unshare >/dev/null 2>&1 || missing+=(util-linux)
python3 -c 'import ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
# docker-compose (v1, apt) validates docker-compose.yml in tests/deploy (no engine needed).
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
# A Docker engine and debootstrap for `make docker-e2e` (tests/docker: the images are built
# from Debian's archive where no registry is reachable).
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
# g++ builds CUDA C++ for the CPU (runner/languages/cuda/cpu_build.py, the emulation).
command -v g++ >/dev/null 2>&1 || missing+=(g++)
# Chromium for the browser tests (tests/browser, Playwright drives /usr/bin/chromium).
[ -x /usr/bin/chromium ] || missing+=(chromium)

if [ ${#missing[@]} -eq 0 ]; then
  echo "system deps: all present"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "system deps: missing ${missing[*]} and no apt-get here; install them by hand" >&2
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  echo "system deps: missing ${missing[*]}; not root, skipping (tests needing them will say so)" >&2
  exit 0
fi
echo "system deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get install -y --no-install-recommends "${missing[@]}" \
  || { "${SUDO[@]}" apt-get update -q && "${SUDO[@]}" apt-get install -y --no-install-recommends "${missing[@]}"; } \
  || echo "system deps: could not install ${missing[*]}" >&2
exit 0
