#!/usr/bin/env bash
# Build the images of the compose stack: postgres, redis, web and worker-cpu (and, with --gpu,
# the GPU worker image of docker/compose.gpu.yml). Works where no image registry is reachable:
#
#   * the base image: $KJ_BASE_IMAGE, default kj-base:bookworm, made from Debian's archive by
#     scripts/docker-base.sh when missing. With a registry: KJ_BASE_IMAGE=debian:12.11-slim.
#   * torch's CPU build: from $KJ_TORCH_CPU_INDEX_URL (default the PyTorch CPU index) when it
#     answers, else the wheel pip finds for `torch==<version>+cpu` (a local wheel folder or
#     index of this host) is put in docker/wheels/ and the image takes it from there.
#   * extra certificate authorities of this host (/usr/local/share/ca-certificates/*.crt, an
#     inspecting proxy's) are handed to the builds' package downloads (docker/ca-certificates/).
#
#   scripts/docker-build.sh [--gpu] [--no-cache]
# Environment: KJ_REGISTRY, KJ_VERSION (image names, as in docker-compose.yml), KJ_BASE_IMAGE,
# KJ_TORCH_CPU_INDEX_URL, COMPOSE_PROJECT_NAME.
set -euo pipefail
cd "$(dirname "$0")/.."

gpu=0
build_args=()
for arg in "$@"; do
  case "$arg" in
    --gpu) gpu=1 ;;
    --no-cache) build_args+=(--no-cache) ;;
    *) echo "usage: $0 [--gpu] [--no-cache]" >&2; exit 2 ;;
  esac
done

log() { echo "docker-build: $*" >&2; }

export KJ_BASE_IMAGE="${KJ_BASE_IMAGE:-kj-base:bookworm}"
if [[ "$KJ_BASE_IMAGE" == kj-base:* ]]; then
  scripts/docker-base.sh "$KJ_BASE_IMAGE"
fi

rm -f docker/ca-certificates/*.crt
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt docker/ca-certificates/
  log "handing $(ls docker/ca-certificates/*.crt | wc -l) extra certificate authorities to the builds"
fi

torch_version="$(sed -n 's/^torch==\([0-9.]*\).*/\1/p' requirements.txt)"
index="${KJ_TORCH_CPU_INDEX_URL-https://download.pytorch.org/whl/cpu}"
if [[ -n "$index" ]] && ! curl -fsS -m 15 -o /dev/null "$index/torch/"; then
  log "$index does not answer: taking torch==$torch_version+cpu from this host's pip"
  index=""
fi
export KJ_TORCH_CPU_INDEX_URL="$index"
if [[ -z "$index" ]] && ! compgen -G "docker/wheels/torch-$torch_version+cpu-*.whl" >/dev/null; then
  python3 -m pip download --no-deps --only-binary=:all: --python-version 3.11 \
    --platform manylinux_2_28_x86_64 --implementation cp -d docker/wheels \
    "torch==$torch_version+cpu" \
    || { log "no torch==$torch_version+cpu wheel here and no index: set KJ_TORCH_CPU_INDEX_URL"; exit 1; }
fi

compose=(docker-compose -f docker-compose.yml)
services=(postgres redis web worker-cpu)
if [[ "$gpu" == 1 ]]; then
  compose+=(-f docker/compose.gpu.yml)
  services+=(worker-gpu-0)
fi
# The images build side by side (they share only the base image, built above): each build's
# output goes to var/docker-build/<service>.log and is printed when it ends.
logs=var/docker-build
mkdir -p "$logs"
build_one() {
  local service=$1 one=$SECONDS s=0
  "${compose[@]}" build "${build_args[@]}" "$service" >"$logs/$service.log" 2>&1 || s=$?
  cat "$logs/$service.log"
  if [[ $s -eq 0 ]]; then log "built $service in $((SECONDS - one)) s"; else log "building $service failed (exit $s)"; fi
  return "$s"
}
start=$SECONDS
pids=()
for service in "${services[@]}"; do
  build_one "$service" &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[[ $failed -eq 0 ]] || { log "an image did not build (logs in $logs/)"; exit 1; }
log "built ${services[*]} in $((SECONDS - start)) s"
