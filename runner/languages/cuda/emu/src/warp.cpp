// __syncthreads and the warp operations. A GPU thread that arrives waits (its fiber switches
// back to the block's scheduler) until every thread the operation names has arrived; the last
// to arrive computes every participant's result, so warp operations act in lockstep.
#include <string>

#include "internal.h"

namespace kj {
namespace {
const char* kOpNames[] = {
    "__syncthreads", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or",
    "__syncwarp", "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
    "__ballot_sync", "__any_sync", "__all_sync", "__match_any_sync", "__match_all_sync",
    "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_min_sync",
    "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync",
    "__activemask",
};

std::string hex(unsigned v) {
    char b[16];
    snprintf(b, sizeof b, "0x%08x", v);
    return b;
}

unsigned lanes_present(const Worker* w, int warp) {
    int n = w->n - warp * 32;
    return n >= 32 ? 0xffffffffu : ((1u << n) - 1);
}

// CUDA's shuffles as PTX defines shfl.sync: c = ((32 - width) << 8) | clamp
int shuffle_source(int op, int lane, int arg, int width) {
    unsigned segmask = (unsigned)(32 - width) & 31;
    unsigned clamp = op == OpShflUp ? 0 : 31;
    int max_lane = (int)((lane & segmask) | (clamp & ~segmask));
    int min_lane = lane & (int)segmask;
    int j;
    bool ok;
    switch (op) {
        case OpShflUp: j = lane - arg; ok = j >= max_lane; break;
        case OpShflDown: j = lane + arg; ok = j <= max_lane; break;
        case OpShflXor: j = lane ^ arg; ok = j <= max_lane; break;
        default: j = min_lane | (arg & 31 & ~(int)segmask); ok = j <= max_lane; break;
    }
    return ok ? j : lane;
}

void complete_warp(Worker* w, int warp, unsigned mask) {
    int base = warp * 32;
    int first = __builtin_ctz(mask);
    Slot& f = w->slots[base + first];
    for (unsigned m = mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        Slot& s = w->slots[base + l];
        if (s.op != f.op || (s.line != f.line && f.op != OpActiveMask))
            fail(w, cudaErrorLaunchFailure,
                 std::string("lanes of one warp meet at different warp operations: ") +
                     kOpNames[f.op] + " at line " + std::to_string(f.line) + " (" +
                     where(w, base + first) + ") and " + kOpNames[s.op] + " at line " +
                     std::to_string(s.line) + " (" + where(w, base + l) + ")");
    }
    uint64_t agg = 0;
    unsigned ballot = 0;
    bool all_equal = true;
    int64_t smin = INT32_MAX, smax = INT32_MIN;
    uint32_t umin = UINT32_MAX, umax = 0, uand = UINT32_MAX, uor = 0, uxor = 0;
    for (unsigned m = mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        const Slot& s = w->slots[base + l];
        uint32_t v = (uint32_t)s.value;
        if (s.value) ballot |= 1u << l;
        if (s.value != f.value) all_equal = false;
        agg += v;
        smin = std::min<int64_t>(smin, (int32_t)v);
        smax = std::max<int64_t>(smax, (int32_t)v);
        umin = std::min(umin, v);
        umax = std::max(umax, v);
        uand &= v;
        uor |= v;
        uxor ^= v;
    }
    for (unsigned m = mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        Slot& s = w->slots[base + l];
        switch (f.op) {
            case OpShflIdx: case OpShflUp: case OpShflDown: case OpShflXor: {
                int j = shuffle_source(f.op, l, s.arg, s.width);
                s.result = (mask >> j) & 1 ? w->slots[base + j].value : s.value;
                break;
            }
            case OpBallot: s.result = ballot; break;
            case OpAny: s.result = ballot != 0; break;
            case OpAll: s.result = ballot == mask; break;
            case OpMatchAny: {
                unsigned r = 0;
                for (unsigned k = mask; k; k &= k - 1)
                    if (w->slots[base + __builtin_ctz(k)].value == s.value) r |= 1u << __builtin_ctz(k);
                s.result = r;
                break;
            }
            case OpMatchAll: s.result = all_equal ? mask : 0; s.pred = all_equal; break;
            case OpActiveMask: s.result = mask; break;
            case OpReduceAdd: s.result = (uint32_t)agg; break;
            case OpReduceMin: s.result = (uint32_t)(int32_t)smin; break;
            case OpReduceMax: s.result = (uint32_t)(int32_t)smax; break;
            case OpReduceUMin: s.result = umin; break;
            case OpReduceUMax: s.result = umax; break;
            case OpReduceAnd: s.result = uand; break;
            case OpReduceOr: s.result = uor; break;
            case OpReduceXor: s.result = uxor; break;
            default: s.result = 0; break;
        }
    }
    if (w->reverse) {
        for (int l = 31; l >= 0; l--)
            if ((mask >> l) & 1) make_runnable(w, base + l);
    } else {
        for (unsigned m = mask; m; m &= m - 1) make_runnable(w, base + __builtin_ctz(m));
    }
    w->waiting[warp] &= ~mask;
}
}  // namespace

const char* op_name(int op) { return kOpNames[op]; }

void barrier_check(Worker* w) {
    int first = -1;
    int count = 0, all = 1, any = 0;
    for (int p = 0; p < w->n; p++) {
        int t = thread_at(w, p);
        Slot& s = w->slots[t];
        if (s.state != State::AtBarrier) continue;
        if (first < 0) first = t;
        Slot& f = w->slots[first];
        if (s.line != f.line || s.op != f.op)
            fail(w, cudaErrorLaunchFailure,
                 std::string("divergent barrier: ") + kOpNames[f.op] + " at line " +
                     std::to_string(f.line) + " (" + where(w, first) + ") and " + kOpNames[s.op] +
                     " at line " + std::to_string(s.line) + " (" + where(w, t) +
                     ") are waited at by different threads of the block at once");
        count += s.pred;
        all &= s.pred;
        any |= s.pred;
    }
    if (first < 0) return;
    int op = w->slots[first].op;
    uint64_t result = op == OpSyncCount ? count : op == OpSyncAnd ? all : op == OpSyncOr ? any : 0;
    for (int p = 0; p < w->n; p++) {
        int t = thread_at(w, p);
        Slot& s = w->slots[t];
        if (s.state != State::AtBarrier) continue;
        s.result = result;
        make_runnable(w, t);
    }
    w->arrived = 0;
    w->barriers++;
}

std::string describe_waits(Worker* w) {
    std::string out;
    int shown = 0;
    for (int t = 0; t < w->n && shown < 4; t++) {
        const Slot& s = w->slots[t];
        if (s.state != State::AtBarrier && s.state != State::AtWarp) continue;
        if (!out.empty()) out += "; ";
        out += where(w, t) + " waits at " + kOpNames[s.op] + " (line " + std::to_string(s.line) + ")";
        if (s.state == State::AtWarp) out += " for lanes " + hex(s.mask);
        shown++;
    }
    return out;
}

void warp_check_exit(Worker* w, int t) {
    int warp = t / 32, lane = t % 32;
    unsigned active_group = 0;
    for (int l = 0; l < 32 && warp * 32 + l < w->n; l++) {
        Slot& s = w->slots[warp * 32 + l];
        if (s.state == State::AtWarp && s.op == OpActiveMask && ((s.mask >> lane) & 1)) {
            s.mask &= ~(1u << lane);  // an exited lane is not active
            active_group = s.mask;
            continue;
        }
        if (s.state == State::AtWarp && ((s.mask >> lane) & 1))
            fail(w, cudaErrorLaunchFailure,
                 std::string(kOpNames[s.op]) + " at line " + std::to_string(s.line) + " (" +
                     where(w, warp * 32 + l) + ") names lane " + std::to_string(lane) +
                     " in its mask " + hex(s.mask) + ", but that thread (" + where(w, t) +
                     ") exited without reaching it");
    }
    if (active_group && (w->waiting[warp] & active_group) == active_group) {
        bool same = true;
        for (unsigned m = active_group; m; m &= m - 1) {
            const Slot& o = w->slots[warp * 32 + __builtin_ctz(m)];
            same = same && o.op == OpActiveMask && o.mask == active_group;
        }
        if (same) complete_warp(w, warp, active_group);
    }
}

bool warp_resolve_activemask(Worker* w) {
    bool released = false;
    for (int warp = 0; warp * 32 < w->n; warp++) {
        unsigned group = 0;
        for (int l = 0; l < 32 && warp * 32 + l < w->n; l++) {
            const Slot& s = w->slots[warp * 32 + l];
            if (s.state == State::AtWarp && s.op == OpActiveMask) group |= 1u << l;
        }
        if (!group) continue;
        for (unsigned m = group; m; m &= m - 1) w->slots[warp * 32 + __builtin_ctz(m)].mask = group;
        complete_warp(w, warp, group);
        released = true;
    }
    return released;
}

int block_barrier(int op, int pred, int line) {
    Worker* w = current_worker();
    if (!w) return 0;
    Slot& s = w->slots[w->cur];
    s.state = State::AtBarrier;
    s.op = op;
    s.line = line;
    s.pred = pred;
    w->arrived++;
    if (w->arrived == w->live)
        barrier_check(w);
    else
        yield(w);
    s.state = State::Running;
    return (int)s.result;
}

uint64_t warp_op(int op, unsigned mask, uint64_t value, int arg, int width, int line,
                 int* pred_out) {
    Worker* w = current_worker();
    if (!w) return value;
    int t = w->cur, warp = t / 32, lane = t % 32, base = warp * 32;
    Slot& s = w->slots[t];
    if (op == OpActiveMask) mask = lanes_present(w, warp) & ~w->exited[warp];
    mask &= lanes_present(w, warp);  // lanes past the block's end do not exist
    if (!((mask >> lane) & 1))
        fail(w, cudaErrorLaunchFailure,
             std::string(kOpNames[op]) + " at line " + std::to_string(line) + " (" + where(w, t) +
                 "): the mask " + hex(mask) + " does not name the calling lane " +
                 std::to_string(lane));
    if (op >= OpShflIdx && op <= OpShflXor && (width < 1 || width > 32 || (width & (width - 1))))
        fail(w, cudaErrorLaunchFailure,
             std::string(kOpNames[op]) + " at line " + std::to_string(line) + ": width " +
                 std::to_string(width) + " is not a power of two from 1 to 32");
    if (unsigned gone = mask & w->exited[warp]) {
        int l = __builtin_ctz(gone);
        fail(w, cudaErrorLaunchFailure,
                 std::string(kOpNames[op]) + " at line " + std::to_string(line) + " (" +
                     where(w, t) + ") names lane " + std::to_string(l) + " in its mask " +
                     hex(mask) + ", but that thread (" + where(w, base + l) + ") has exited");
    }
    s.state = State::AtWarp;
    w->waiting[warp] |= 1u << lane;
    s.op = op;
    s.line = line;
    s.mask = mask;
    s.value = value;
    s.arg = arg;
    s.width = width;
    bool complete = (w->waiting[warp] & mask) == mask;
    for (unsigned m = complete ? mask : 0; m; m &= m - 1) {
        if (w->slots[base + __builtin_ctz(m)].mask != mask) {
            complete = false;
            break;
        }
    }
    if (complete)
        complete_warp(w, warp, mask);
    else
        yield(w);
    s.state = State::Running;
    if (pred_out) *pred_out = s.pred;
    return s.result;
}

unsigned active_mask() {
    Worker* w = current_worker();
    if (!w) return 1;
    int warp = w->cur / 32;
    return lanes_present(w, warp) & ~w->exited[warp];
}
}  // namespace kj
