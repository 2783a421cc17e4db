// Lost updates: a plain (non-atomic) read-modify-write of one memory location by two GPU
// threads that nothing orders. On a GPU the two run at once, both read the old value and one
// write is lost; here a block's threads run one after another and both updates land, so the
// emulation looks for the pattern itself and fails the launch with a runtime error naming it.
//
// The user's file is compiled with the compiler's thread-sanitizer instrumentation
// (cpu_build.py), which calls the __tsan_* functions below before every load and store it
// cannot prove private, and for every atomic operation. They are ours, not the sanitizer's
// library: an atomic is performed as it is; a load or store made by a GPU thread (inside a
// kernel, outside the thread's own stack) is recorded in a table of the launch:
//   - two accesses are ordered when they are made by one thread, or by two threads of one block
//     with a __syncthreads() between them (the block's barrier count differs);
//   - a write is a lost update when another thread wrote the same address unordered with it,
//     and one of the two writers read that address (since its last barrier) before writing.
// Two threads storing a flag (`*found = 1`) do not read it and are not reported; a thread that
// reads a value another thread wrote is not reported either (the shared-memory diagnostics
// cover missing barriers). The first KJ_EMU_RACE_BUDGET accesses of the process (default 2^21:
// the first tests' launches) are checked, the table (at most 2^18 addresses) emptied at each
// launch; later accesses cost a call and a load. KJ_EMU_RACE=0 turns the check off.
#include <dlfcn.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <unordered_map>

#include "internal.h"

namespace kj {
namespace {
struct Access {
    uint64_t reader = 0;  // 1 + block * threads + thread of the last read; 0: none
    uint64_t writer = 0;  // the same for the last write
    uint32_t rphase = 0;  // the block's barrier count at that read
    uint32_t wphase = 0;
    bool rmw = false;     // the last writer had read the address in the same phase
};

std::mutex table_mutex;
std::unordered_map<uintptr_t, Access>& table = *new std::unordered_map<uintptr_t, Access>;
std::atomic<long> budget{-1};  // -1: not read yet
constexpr size_t kMaxAddresses = 1 << 18;  // per launch: about 20 MB of table
std::atomic<bool> reported{false};

bool enabled() {
    static const bool on = [] {
        const char* v = getenv("KJ_EMU_RACE");
        return !(v && v[0] == '0');
    }();
    return on;
}

long budget_of_process() {
    static const long n = [] {
        const char* v = getenv("KJ_EMU_RACE_BUDGET");
        long x = v && *v ? strtol(v, nullptr, 0) : 0;
        return x > 0 ? x : 1L << 21;
    }();
    return n;
}

bool on_own_stack(const Worker* w, uintptr_t a) {
    const Fiber* f = w->current;
    if (!f) return false;
    if (f->mem && a >= (uintptr_t)f->mem && a < (uintptr_t)f->mem + f->size) return true;
    return f->bottom && a >= (uintptr_t)f->bottom && a < (uintptr_t)f->bottom + f->bottom_size;
}

uint3 thread_of(const Worker* w, uint64_t id, long* block) {
    long per = w->n;
    long t = (long)((id - 1) % per);
    *block = (long)((id - 1) / per);
    unsigned bx = w->launch->cfg.block.x, by = w->launch->cfg.block.y;
    return uint3{(unsigned)(t % bx), (unsigned)((t / bx) % by), (unsigned)(t / (bx * by))};
}

std::string who(const Worker* w, uint64_t id) {
    long b = 0;
    uint3 t = thread_of(w, id, &b);
    const dim3 g = w->launch->cfg.grid;
    uint3 bi{(unsigned)(b % g.x), (unsigned)((b / g.x) % g.y), (unsigned)(b / ((long)g.x * g.y))};
    auto text = [](uint3 v) {
        if (v.y == 0 && v.z == 0) return std::to_string(v.x);
        return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " +
               std::to_string(v.z) + ")";
    };
    return "thread " + text(t) + " of block " + text(bi);
}

[[noreturn]] void report(Worker* w, uintptr_t a, unsigned size, uint64_t me, uint64_t other,
                         const void* pc) {
    Dl_info info{};
    uintptr_t offset = 0;
    if (dladdr(pc, &info) && info.dli_fbase)
        offset = (uintptr_t)pc - (uintptr_t)info.dli_fbase - 1;  // the call, not after it
    char where[64], at[32];
    snprintf(where, sizeof where, "[code +0x%lx]", (unsigned long)offset);
    snprintf(at, sizeof at, "%#lx", (unsigned long)a);
    fail(w, cudaErrorLaunchFailure,
         std::string("a lost update ") + where + ": " + who(w, other) + " and " + who(w, me) +
             " both write one " + std::to_string(size) + "-byte location (" + at +
             "), at least one of them after reading it (a read-modify-write such as `x += v`), "
             "with no atomic and no __syncthreads() between them; on a GPU they run at once "
             "and one update is lost. Use an atomic (atomicAdd) or a reduction.");
}
}  // namespace

void race_launch_begin() {
    if (!enabled()) return;
    std::lock_guard<std::mutex> lock(table_mutex);
    if (budget.load(std::memory_order_relaxed) < 0)
        budget.store(budget_of_process(), std::memory_order_relaxed);
    table.clear();
}

namespace {
inline void access(void* addr, unsigned size, bool write, const void* pc) {
    if (budget.load(std::memory_order_relaxed) <= 0 || reported.load(std::memory_order_relaxed))
        return;
    Worker* w = current_worker();
    if (!w || w->cur < 0) return;  // host code, or the runtime between threads
    uintptr_t a = (uintptr_t)addr;
    if (on_own_stack(w, a)) return;  // the thread's locals (threads run on shared stacks)
    if (budget.fetch_sub(1, std::memory_order_relaxed) <= 0) return;
    uint64_t me = 1 + (uint64_t)w->block * (uint64_t)w->n + (uint64_t)w->cur;
    uint32_t phase = w->barriers;
    long block = w->block;
    // shared memory: another block's accesses were to its own shared memory, which this
    // worker's blocks reuse one after another
    bool shared = in_block_memory(w, a);
    auto unordered = [&](uint64_t other, uint32_t other_phase) {
        if (other == 0 || other == me) return false;
        long other_block = (long)((other - 1) / (uint64_t)w->n);
        if (other_block != block) return !shared;
        return other_phase == phase;
    };
    uint64_t other = 0;
    {
        std::lock_guard<std::mutex> lock(table_mutex);
        auto it = table.find(a);
        if (it == table.end()) {
            if (table.size() >= kMaxAddresses) return;
            it = table.emplace(a, Access{}).first;
        }
        Access& e = it->second;
        if (!write) {
            e.reader = me;
            e.rphase = phase;
            return;
        }
        bool rmw = e.reader == me && e.rphase == phase;
        if (unordered(e.writer, e.wphase) && (rmw || e.rmw)) other = e.writer;
        e.writer = me;
        e.wphase = phase;
        e.rmw = rmw;
    }
    if (other && !reported.exchange(true)) report(w, a, size, me, other, pc);
}
}  // namespace
}  // namespace kj

// ---- the instrumentation's entry points (the sanitizer's names and signatures) ----
#define KJ_PC __builtin_return_address(0)
extern "C" {
void __tsan_init() {}
void __tsan_func_entry(void*) {}
void __tsan_func_exit() {}
void __tsan_vptr_update(void**, void*) {}
void __tsan_vptr_read(void**) {}

#define KJ_RW(n)                                                                         \
    void __tsan_read##n(void* a) { kj::access(a, n, false, KJ_PC); }                     \
    void __tsan_write##n(void* a) { kj::access(a, n, true, KJ_PC); }                     \
    void __tsan_unaligned_read##n(void* a) { kj::access(a, n, false, KJ_PC); }           \
    void __tsan_unaligned_write##n(void* a) { kj::access(a, n, true, KJ_PC); }           \
    void __tsan_volatile_read##n(void* a) { kj::access(a, n, false, KJ_PC); }            \
    void __tsan_volatile_write##n(void* a) { kj::access(a, n, true, KJ_PC); }            \
    void __tsan_unaligned_volatile_read##n(void* a) { kj::access(a, n, false, KJ_PC); }  \
    void __tsan_unaligned_volatile_write##n(void* a) { kj::access(a, n, true, KJ_PC); }
KJ_RW(1)
KJ_RW(2)
KJ_RW(4)
KJ_RW(8)
KJ_RW(16)
#undef KJ_RW
void __tsan_read_range(void* a, unsigned long n) { kj::access(a, (unsigned)n, false, KJ_PC); }
void __tsan_write_range(void* a, unsigned long n) { kj::access(a, (unsigned)n, true, KJ_PC); }

// atomics: performed as asked (sequentially consistent), never recorded
#define KJ_ATOMICS(bits, T)                                                                    \
    T __tsan_atomic##bits##_load(const volatile T* a, int) {                                   \
        return __atomic_load_n(a, __ATOMIC_SEQ_CST);                                           \
    }                                                                                          \
    void __tsan_atomic##bits##_store(volatile T* a, T v, int) {                                \
        __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                                              \
    }                                                                                          \
    T __tsan_atomic##bits##_exchange(volatile T* a, T v, int) {                                \
        return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST);                                    \
    }                                                                                          \
    T __tsan_atomic##bits##_fetch_add(volatile T* a, T v, int) {                               \
        return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST);                                     \
    }                                                                                          \
    T __tsan_atomic##bits##_fetch_sub(volatile T* a, T v, int) {                               \
        return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST);                                     \
    }                                                                                          \
    T __tsan_atomic##bits##_fetch_and(volatile T* a, T v, int) {                               \
        return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST);                                     \
    }                                                                                          \
    T __tsan_atomic##bits##_fetch_or(volatile T* a, T v, int) {                                \
        return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST);                                      \
    }                                                                                          \
    T __tsan_atomic##bits##_fetch_xor(volatile T* a, T v, int) {                               \
        return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST);                                     \
    }                                                                                          \
    T __tsan_atomic##bits##_fetch_nand(volatile T* a, T v, int) {                              \
        return __atomic_fetch_nand(a, v, __ATOMIC_SEQ_CST);                                    \
    }                                                                                          \
    int __tsan_atomic##bits##_compare_exchange_strong(volatile T* a, T* c, T v, int, int) {    \
        return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
    }                                                                                          \
    int __tsan_atomic##bits##_compare_exchange_weak(volatile T* a, T* c, T v, int, int) {      \
        return __atomic_compare_exchange_n(a, c, v, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);  \
    }                                                                                          \
    T __tsan_atomic##bits##_compare_exchange_val(volatile T* a, T c, T v, int, int) {          \
        __atomic_compare_exchange_n(a, &c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);      \
        return c;                                                                              \
    }
KJ_ATOMICS(8, uint8_t)
KJ_ATOMICS(16, uint16_t)
KJ_ATOMICS(32, uint32_t)
KJ_ATOMICS(64, uint64_t)
#undef KJ_ATOMICS
// clang's instrumentation calls these for memcpy, memmove and memset
void* __tsan_memcpy(void* d, const void* s, unsigned long n) { return __builtin_memcpy(d, s, n); }
void* __tsan_memmove(void* d, const void* s, unsigned long n) { return __builtin_memmove(d, s, n); }
void* __tsan_memset(void* d, int c, unsigned long n) { return __builtin_memset(d, c, n); }
void __tsan_atomic_thread_fence(int) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void __tsan_atomic_signal_fence(int) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }
}
