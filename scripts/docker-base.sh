#!/usr/bin/env bash
# Make the Debian base image the Dockerfiles build FROM when no image registry is reachable:
# a minimal bookworm root file system from Debian's archive (debootstrap), loaded with
# `docker import`. With a registry, skip this and build with the default BASE_IMAGE
# (debian:bookworm-slim); docs/deploy.md says how.
#
#   scripts/docker-base.sh [TAG]        # default kj-base:bookworm; does nothing if it exists
#   KJ_BASE_REBUILD=1 scripts/docker-base.sh
#
# Environment: KJ_DEBIAN_MIRROR (default http://deb.debian.org/debian), KJ_DEBIAN_SUITE
# (default bookworm). Needs root, debootstrap and a running Docker engine.
set -euo pipefail

tag="${1:-kj-base:bookworm}"
suite="${KJ_DEBIAN_SUITE:-bookworm}"
mirror="${KJ_DEBIAN_MIRROR:-http://deb.debian.org/debian}"

if [[ "${KJ_BASE_REBUILD:-0}" != "1" ]] && docker image inspect "$tag" >/dev/null 2>&1; then
  echo "docker-base: $tag exists (KJ_BASE_REBUILD=1 to make it again)"
  exit 0
fi
if ! command -v debootstrap >/dev/null 2>&1; then
  echo "docker-base: installing debootstrap" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends debootstrap
fi

root="$(mktemp -d /tmp/kj-base.XXXXXX)"
trap 'rm -rf "$root"' EXIT
echo "docker-base: debootstrap $suite from $mirror"
debootstrap --variant=minbase "$suite" "$root" "$mirror" >/tmp/kj-docker-base.log 2>&1 \
  || { tail -20 /tmp/kj-docker-base.log >&2; exit 1; }

# What a debian:*-slim image also has: the security and update suites, no recommends, no
# caches or docs in later layers' apt runs.
cat >"$root/etc/apt/sources.list" <<SOURCES
deb $mirror $suite main
deb $mirror $suite-updates main
deb http://deb.debian.org/debian-security $suite-security main
SOURCES
cat >"$root/etc/apt/apt.conf.d/90kj-slim" <<'APT'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
Acquire::Languages "none";
APT
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*

tar -C "$root" -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["bash"]' \
  - "$tag"
echo "docker-base: made $tag in ${SECONDS} s"
