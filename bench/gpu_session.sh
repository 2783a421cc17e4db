#!/usr/bin/env bash
# The GPU runs of one session, in two device calls of < 10 minutes each. On a host with two
# GPUs the two tracks of a part run side by side, one per GPU; with one GPU, one after the other.
#
#   bash bench/gpu_session.sh verify   # GPU 0: validate half the catalog, then pytest -m gpu
#                                      # GPU 1: validate the other half, then latency via the
#                                      #        warm runner service
#   bash bench/gpu_session.sh perf     # throughput 1x1 / 2x1 / 2x4 (GPUs x supervisors), then
#                                      # GPU 0: timing truth; GPU 1: latency, a process per job
#   bash bench/gpu_session.sh clock    # the hand-over clock (the GPU's default clock):
#                                      # its GPU tests, one vector-add judgement per child
#                                      # kind, the hostile cases that forge the clock, the
#                                      # timing truth of the ten solutions below (VIA=process
#                                      # or service; one call, < 10 min)
#   bash bench/gpu_session.sh integrity  # the hostile corpus's GPU cases, the bound's measured
#                                      # slack, then the timing truth of ten solutions (five
#                                      # under 0.1 ms, five over 1 ms), five judgements each
#
# Plain python3 with torch/triton/cupy (ncu for the timing truth); no Django, no database.
# Everything lands in $OUT/results.tgz (the device tool brings back few files) or, without $OUT,
# in bench/results/<date>-h200/; the short tables are printed last.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
PART="${1:-verify}"
PY="${PYTHON:-python3}"
DEST="${OUT:-bench/results/$(date -u +%Y-%m-%d)-h200}"
R="$DEST/r"
mkdir -p "$R"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
log() { echo "[gpu_session $(date -u +%H:%M:%S)] $*" >&2; }
NGPU=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU'); NGPU=${NGPU:-0}
{ nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader
  git rev-parse --short HEAD 2>/dev/null; git status --short | head -20; } > "$R/machine_$PART.txt" 2>&1
log "part $PART on $NGPU GPU(s)"

# two tracks: side by side on GPUs 0 and 1, or one after the other on GPU 0
tracks() {
  if (( NGPU >= 2 )); then
    CUDA_VISIBLE_DEVICES=0 "$1" & CUDA_VISIBLE_DEVICES=1 "$2" & wait
  else
    CUDA_VISIBLE_DEVICES=0 "$1"; CUDA_VISIBLE_DEVICES=0 "$2"
  fi
}

validate_cuda() {  # $1: output name, $2: time limit (s), $3: parallel validations, rest: slugs
  local name=$1 limit=$2 jobs=$3
  shift 3
  timeout "$limit" "$PY" -m runner validate --device cuda --jobs "$jobs" --jsonl "$@" \
    > "$R/$name.jsonl" 2> "$R/$name.log" || log "validate ($name) exited with $?"
}

validate_half() {  # $1: 0 or 1 (alternate packages, so both halves mix easy and hard)
  local slugs
  mapfile -t slugs < <(find problems/catalog -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort | awk -v h="$1" 'NR % 2 == h')
  validate_cuda "catalog_cuda_$1" "${VALIDATE_LIMIT:-320}" "${JOBS:-6}" "${slugs[@]}"
}

gpu_pytest() {  # $1: time limit (s)
  log "pytest -m gpu tests/runner"
  timeout "$1" "$PY" -m pytest -m gpu tests/runner -q -rA -p no:cacheprovider \
    > "$R/pytest_gpu.txt" 2>&1 || log "pytest exited with $?"
}

verify_0() {
  validate_half 0
  gpu_pytest "${PYTEST_LIMIT:-230}"
}

verify_1() {
  validate_half 1
  log "latency via the runner service"
  timeout "${LATENCY_LIMIT:-230}" "$PY" bench/latency.py --via service --fresh 15 --cached 15 \
    --time-budget 200 --out "$R" 2> "$R/latency_service.log" || log "latency exited with $?"
}

perf_0() {
  log "timing truth"
  timeout 330 "$PY" bench/timing_truth.py --via service --budget 3 --time-budget 290 --out "$R" \
    2> "$R/timing_truth.log" || log "timing_truth exited with $?"
}

perf_1() {
  log "latency, a process per judgement"
  timeout 250 "$PY" bench/latency.py --via process --fresh 15 --cached 15 --time-budget 220 \
    --out "$R" 2> "$R/latency_process.log" || log "latency exited with $?"
}

# the last call of a session whose budget is nearly spent: what the first two left undone
final_0() {
  gpu_pytest "${PYTEST_LIMIT:-400}"
}

final_1() {
  # shellcheck disable=SC2086
  validate_cuda catalog_cuda_rest 160 5 ${VALIDATE_SLUGS:-}
  log "timing truth"
  timeout 240 "$PY" bench/timing_truth.py --via service --budget 2 --repeats 3 --repeats-long 3 \
    --time-budget 200 --out "$R" 2> "$R/timing_truth.log" || log "timing_truth exited with $?"
}

# the timing truth's ten solutions: five whose cases run under 0.1 ms on an H200 (reduction,
# softmax, the tiled transpose; the naive transpose, 0.7 ms, comes along) and five over 1 ms
# (two matrix products, causal attention, radix sort, the int8 matrix product)
TRUTH_SHORT="${TRUTH_SHORT:-reduction,softmax,matrix-transpose}"
TRUTH_LONG="${TRUTH_LONG:-matrix-multiplication,causal-attention,radix-sort,int8-quantized-matmul}"

integrity_hostile() {
  log "hostile corpus, GPU cases"
  timeout "${HOSTILE_LIMIT:-300}" "$PY" bench/trust/hostile_gpu.py > "$R/hostile_gpu.json" \
    2> "$R/hostile_gpu.log" || log "hostile_gpu exited with $?"
  log "bound slack"
  timeout "${SLACK_LIMIT:-200}" "$PY" bench/bound_slack.py --device cuda --repeats "${SLACK_REPEATS:-3}" \
    --out "$R" --tag h200 > "$R/bound_slack.log" 2>&1 || log "bound_slack exited with $?"
}

integrity_truth() {  # $1: the problems (comma-separated)
  log "timing truth: $1"
  timeout "${TRUTH_LIMIT:-280}" "$PY" bench/timing_truth.py --only "$1" --repeats 5 --repeats-long 5 \
    --no-ncu --budget 2 --time-budget "$(( ${TRUTH_LIMIT:-280} - 30 ))" --via "${VIA:-process}" \
    --outside-processes "${DO_BENCH_PROCESSES:-5}" --out "$R/truth_${2:-all}" \
    2> "$R/timing_truth_${2:-all}.log" || log "timing_truth exited with $?"
}

case "$PART" in
  integrity)
    integrity_hostile
    tail -n 3 "$R/hostile_gpu.log"; tail -n 15 "$R/bound_slack.log" ;;
  clock)  # the hand-over clock (the GPU's default): its GPU tests, one judgement per child
          # kind, the hostile cases that forge the clock, then the timing truth (one call)
    log "pytest -m gpu: the hand-over's snapshot graph, side streams, one operation's floor"
    timeout 200 "$PY" -m pytest -m gpu tests/runner/test_gpu.py -q -rA -p no:cacheprovider \
      -k "graph_snapshot or side_stream or operations_floor" > "$R/pytest_clock.txt" 2>&1 || log "pytest exited with $?"
    # one judgement per child kind first: a hang dumps the supervisor's threads (SIGABRT under
    # PYTHONFAULTHANDLER), a stalled hand-over ends in an internal error naming its words
    for src in correct_pytorch.py correct_basic.cu; do
      log "one judgement: vector-add $src"
      PYTHONFAULTHANDLER=1 timeout -s ABRT "${ONE_LIMIT:-60}" "$PY" -m runner judge --mode submit \
        --device cuda --json problems/catalog/vector-add "problems/catalog/vector-add/solutions/$src" \
        > "$R/one_${src%%.*}.json" 2> "$R/one_${src%%.*}.log" || log "judge exited with $?"
    done
    log "hostile corpus, the cases that forge the clock"
    timeout "${HOSTILE_LIMIT:-120}" "$PY" bench/trust/hostile_gpu.py --only slack,forge,side-stream,drift \
      > "$R/hostile_gpu_clock.json" 2> "$R/hostile_gpu_clock.log" || log "hostile_gpu exited with $?"
    # the timing truth only where a judgement with the hand-over was accepted at all
    if grep -q '"verdict": *"accepted"' "$R"/one_*.json 2>/dev/null; then
      TRUTH_LIMIT="${SHORT_LIMIT:-100}" integrity_truth "$TRUTH_SHORT" short
      TRUTH_LIMIT="${LONG_LIMIT:-100}" integrity_truth "$TRUTH_LONG" long
    else
      log "no vector-add judgement was accepted with the hand-over: no timing truth"
    fi
    tail -n 5 "$R/pytest_clock.txt" "$R"/one_*.log
    cut -c1-400 "$R"/one_*.json; cat "$R/hostile_gpu_clock.log"
    for f in "$R"/truth_*/timing_truth.md; do [[ -f "$f" ]] && { cat "$f"; echo; }; done ;;
  truth)
    integrity_truth "$TRUTH_SHORT" short
    integrity_truth "$TRUTH_LONG" long
    for f in "$R"/truth_*/timing_truth.md; do [[ -f "$f" ]] && { cat "$f"; echo; }; done ;;
  final)
    log "throughput 1x1,2x1"
    timeout 140 "$PY" bench/throughput.py --layouts 1x1,2x1 --window 50 --name throughput_2gpu \
      --out "$R" 2> "$R/throughput_2gpu.log" || log "throughput exited with $?"
    tracks final_0 final_1
    "$PY" bench/catalog_table.py "$R"/catalog_cuda_rest.jsonl | head -12
    tail -n 30 "$R/pytest_gpu.txt" ;;
  verify)
    tracks verify_0 verify_1
    "$PY" bench/catalog_table.py "$R"/catalog_cuda_*.jsonl --out "$R/catalog_cuda.md" | head -40
    tail -n 30 "$R/pytest_gpu.txt" ;;
  perf)
    layouts="1x1,1x4"; (( NGPU >= 2 )) && layouts="1x1,2x1,2x4"
    log "throughput $layouts"
    timeout 210 "$PY" bench/throughput.py --layouts "$layouts" --window 45 --out "$R" \
      2> "$R/throughput.log" || log "throughput exited with $?"
    tracks perf_0 perf_1 ;;
  *) echo "usage: $0 verify|perf|final|integrity|truth|clock" >&2; exit 2 ;;
esac
tar czf "$DEST/results_$PART.tgz" -C "$R" .
[[ -n "${OUT:-}" ]] && rm -rf "$R"  # the device tool brings back few files: the tarball only
for f in "$R"/latency_*.md "$R"/throughput*.md "$R"/timing_truth.md; do
  [[ -f "$f" ]] && { cat "$f"; echo; }
done
