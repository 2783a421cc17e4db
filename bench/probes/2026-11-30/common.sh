# shellcheck shell=bash
# Sourced by this folder's probes: the repository as the working directory, the output folder
# (DEST: $OUT/NAME on the device machine), and the environment the probes judge in (the
# `none` sandbox: the child reaches an MPS server's pipe directory, or a file in the host's
# /tmp). `mps_start`/`mps_stop`: one MPS control daemon for the rest of the script.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.." || exit 1
export HERE=bench/probes/2026-11-30
DEST="${OUT:-bench/results/$(date -u +%Y-%m-%d)-probes}/$PROBE"
mkdir -p "$DEST"
export KERNELJUDGE_SANDBOX=none PYTHONPATH="$PWD" PYTHONUNBUFFERED=1

mps_start() {
  export CUDA_MPS_PIPE_DIRECTORY=/tmp/nvidia-mps CUDA_MPS_LOG_DIRECTORY=/tmp/nvidia-mps-log
  mkdir -p "$CUDA_MPS_PIPE_DIRECTORY" "$CUDA_MPS_LOG_DIRECTORY"
  nvidia-cuda-mps-control -d || { echo "MPS did not start"; exit 1; }
  sleep 1
}

mps_stop() {  # and keeps the daemon's logs
  echo quit | nvidia-cuda-mps-control
  sleep 1
  cp -r "$CUDA_MPS_LOG_DIRECTORY" "$DEST/mps-log" 2>/dev/null
}

pack() {  # DEST as one archive (the device tool returns a limited number of files)
  tar czf "$DEST.tgz" -C "$(dirname "$DEST")" "$(basename "$DEST")" && rm -rf "$DEST"
}
