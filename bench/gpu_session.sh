#!/usr/bin/env bash
# The GPU benchmarks for one H200 session, in at most two device calls of < 10 minutes each:
#
#   bash bench/gpu_session.sh 1     # latency: 30 fresh-compile + 30 cached judgements (~8-9 min)
#   bash bench/gpu_session.sh 2     # throughput (1 vs 4 supervisors) + timing truth (~9 min)
#   bash bench/gpu_session.sh all   # both, one after the other (~17 min; a long-lived GPU box)
#
# Plain python3 with torch/triton/cupy (ncu for the timing truth); no Django, no database.
# Writes JSON + Markdown under $OUT (the device tool's output folder) or, without $OUT,
# bench/results/<date>-h200/, and prints the short tables last. PYTHON overrides the interpreter.
set -uo pipefail
cd "$(dirname "$0")/.."
PART="${1:-all}"
PY="${PYTHON:-python3}"
OUT_DIR="${OUT:-bench/results/$(date -u +%Y-%m-%d)-h200}"
mkdir -p "$OUT_DIR"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
log() { echo "[gpu_session $(date -u +%H:%M:%S)] $*" >&2; }

{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; git rev-parse --short HEAD 2>/dev/null; } > "$OUT_DIR/machine.txt" 2>&1

if [[ "$PART" == 1 || "$PART" == all ]]; then
  log "latency"
  timeout 570 "$PY" bench/latency.py --fresh 30 --cached 30 --time-budget 500 --out "$OUT_DIR" 2> "$OUT_DIR/latency.log" \
    || log "latency exited with $?"
fi
if [[ "$PART" == 2 || "$PART" == all ]]; then
  log "throughput"
  timeout 200 "$PY" bench/throughput.py --parallel 1,4 --window 45 --out "$OUT_DIR" 2> "$OUT_DIR/throughput.log" \
    || log "throughput exited with $?"
  log "timing truth"
  timeout 380 "$PY" bench/timing_truth.py --budget 3 --time-budget 260 --out "$OUT_DIR" 2> "$OUT_DIR/timing_truth.log" \
    || log "timing_truth exited with $?"
fi
echo
for name in latency throughput timing_truth; do
  [[ -f "$OUT_DIR/$name.md" ]] && { cat "$OUT_DIR/$name.md"; echo; }
done
