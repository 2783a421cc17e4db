#!/usr/bin/env bash
# Whether the hand-over's context switches are what limits the window: the same solutions
# judged with the timeline stamps (../2026-11-29/timeline.sh) as two ordinary CUDA contexts,
# then with both processes as clients of one Multi-Process Service server (one hardware
# context, no time-slicing between them). Then, under MPS, the bound against the events with
# the hand-over as it is and with the supervisor's wait for DONE queued on its stream
# (`gpuwait`, which time-slicing made cost 0.3 ms of every call's events).
# The sandbox is `none` here: the child has to reach the server's pipe directory and run as
# the server's user; what the sandbox would need is a question of its own.
#
#   bash bench/probes/2026-11-30/mps.sh   # one device call, about 4 min
PROBE=mps . "$(dirname "$0")/common.sh"
SOL="${SOL:-reduction/correct_atomic.cu softmax/correct_online.cu}"
{ nvidia-smi --query-gpu=name,driver_version,compute_mode,clocks.max.sm --format=csv
  command -v nvidia-cuda-mps-control || echo "no nvidia-cuda-mps-control"; } 2>&1 | tee "$DEST/env.txt"
OUT="$DEST/plain" SOLUTIONS="$SOL" bash bench/probes/2026-11-29/timeline.sh 2>&1 | tail -8
mps_start
OUT="$DEST/mps" SOLUTIONS="$SOL" bash bench/probes/2026-11-29/timeline.sh 2>&1 | tail -8
timeout 200 python3 bench/probes/2026-11-29/handover_variants.py --variants handover,gpuwait \
  --repeat "${REPEAT:-2}" --solutions "$(echo "$SOL matrix-transpose/correct_tiled.cu" | tr ' ' ,)" \
  --out "$DEST/mps-variants.json" > "$DEST/mps-variants.log" 2>&1 || echo "variants exited with $?"
tail -14 "$DEST/mps-variants.log"
mps_stop
pack
