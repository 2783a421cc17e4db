// Launches: a pool of worker OS threads takes block ids from an atomic counter; the caller of
// the launch works too. A block runs wholly on one worker, its threads one after another as
// plain calls on a "runner" fiber; a thread that waits (barrier, warp operation) keeps that
// fiber and the next thread starts on another, so a kernel that never synchronises costs one
// fiber switch per block and one that does gets one fiber per thread. __shared__ variables are
// thread_local: the blocks of one worker run one after another, so each block sees its own.
#include <sched.h>

#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

#include "internal.h"

__thread uint3 threadIdx;
__thread uint3 blockIdx;
__thread dim3 blockDim;
__thread dim3 gridDim;

namespace kj {
namespace {
thread_local Worker* tl_worker = nullptr;   // set while this OS thread runs a block
thread_local Worker* tl_own = nullptr;      // this OS thread's worker state

constexpr size_t kDynSmemBytes = 228 * 1024 + 1024;

Worker* own_worker() {
    if (!tl_own) {
        fiber_thread_init();
        tl_own = new Worker;
        fiber_context_init(&tl_own->sched);
        void* p = nullptr;
        if (posix_memalign(&p, 4096, kDynSmemBytes) == 0) tl_own->dyn_smem = static_cast<char*>(p);
    }
    return tl_own;
}

Fiber* take_fiber(Worker* w);
void runner_entry(void* arg);

// Where control goes when the running fiber stops: the next released thread, else a runner
// for the unstarted threads, else the block's scheduler.
Fiber* next_fiber(Worker* w) {
    if (w->runq_head < w->runq.size()) {
        int t = w->runq[w->runq_head++];
        if (w->runq_head == w->runq.size()) {
            w->runq.clear();
            w->runq_head = 0;
        }
        Slot& s = w->slots[t];
        s.state = State::Running;
        w->cur = t;
        set_coords(w, t);
        return s.fiber;
    }
    if (w->next_unstarted < w->n && !w->failed) {
        if (Fiber* f = take_fiber(w)) return f;
    }
    w->cur = -1;
    return &w->sched;
}

void switch_to(Worker* w, Fiber* to) {
    Fiber* from = w->current;
    if (to == from) return;
    w->current = to;
    fiber_switch(from, to);
}

// A runner with no thread left to start: reusable as it is.
void park(Worker* w) {
    Fiber* self = w->current;
    self->parked = true;
    w->idle.push_back(self);
    switch_to(w, next_fiber(w));
}

Fiber* take_fiber(Worker* w) {
    if (!w->idle.empty()) {
        Fiber* f = w->idle.back();
        w->idle.pop_back();
        return f;
    }
    Fiber* f = fiber_new(settings().stack_bytes);
    if (!f) return nullptr;
    w->fibers.push_back(f);
    fiber_start(f, runner_entry, w);
    return f;
}

void thread_exit(Worker* w, int t) {
    Slot& s = w->slots[t];
    s.state = State::Exited;
    w->live--;
    w->exited[t / 32] |= 1u << (t % 32);
    if (w->waiting[t / 32]) warp_check_exit(w, t);
    if (w->arrived > 0 && w->arrived == w->live) barrier_check(w);
}

// A runner fiber: starts the block's unstarted threads one after another until one waits
// (then that thread keeps this fiber) or none is left (then it parks for reuse).
void runner_entry(void* arg) {
    fiber_entered();
    Worker* w = static_cast<Worker*>(arg);
    for (;;) {
        Fiber* self = w->current;
        self->parked = false;
        while (w->next_unstarted < w->n && !w->failed) {
            int t = thread_at(w, w->next_unstarted++);
            Slot& s = w->slots[t];
            s.state = State::Running;
            s.fiber = self;
            w->cur = t;
            set_coords(w, t);
            w->launch->thunk(w->launch->closure);
            thread_exit(w, t);
        }
        park(w);
    }
}

std::mutex& pool_mutex = *new std::mutex;
std::condition_variable& pool_cv = *new std::condition_variable;
std::condition_variable& done_cv = *new std::condition_variable;
Launch* pool_launch = nullptr;
long pool_generation = 0;
int pool_busy = 0;
int pool_size = 0;  // extra OS threads started

void run_block(Worker* w, const Launch& L, long b);

void run_blocks(Worker* w, Launch& L) {
    for (;;) {
        if (error_abort()) return;
        long b = L.next_block.fetch_add(1, std::memory_order_relaxed);
        if (b >= L.nblocks) return;
        run_block(w, L, b);
    }
}

void pool_main() {
    Worker* w = own_worker();
    long seen = 0;
    std::unique_lock<std::mutex> lock(pool_mutex);
    for (;;) {
        pool_cv.wait(lock, [&] { return pool_generation != seen; });
        seen = pool_generation;
        Launch* L = pool_launch;
        lock.unlock();
        run_blocks(w, *L);
        lock.lock();
        if (--pool_busy == 0) done_cv.notify_all();
    }
}

void start_pool(int extra) {
    for (int i = pool_size; i < extra; i++) std::thread(pool_main).detach();
    pool_size = extra;
}

std::string dim_text(uint3 v) {
    return "(" + std::to_string(v.x) + "," + std::to_string(v.y) + "," + std::to_string(v.z) + ")";
}
}  // namespace

Worker* current_worker() { return tl_worker; }

int thread_at(const Worker* w, int position) {
    return w->reverse ? w->n - 1 - position : position;
}

void set_coords(Worker* w, int t) { threadIdx = w->coords[t]; }

std::string where(const Worker* w, int t) {
    unsigned bx = w->launch->cfg.block.x, by = w->launch->cfg.block.y;
    uint3 th{t % bx, (t / bx) % by, t / (bx * by)};
    return "block " + dim_text(blockIdx) + ", thread " + dim_text(th);
}

std::string kernel_label(const Worker* w) {
    return std::string("kernel ") + w->launch->cfg.kernel + " (launched at line " +
           std::to_string(w->launch->cfg.line) + ")";
}

void yield(Worker* w) { switch_to(w, next_fiber(w)); }

void make_runnable(Worker* w, int t) {
    w->slots[t].state = State::Runnable;
    if (t != w->cur) w->runq.push_back(t);
}

void fail(Worker* w, int code, const std::string& what) {
    error_set(code, kernel_label(w) + ": " + what, true);
    w->failed = true;
    w->cur = -1;
    if (w->current == &w->sched) abort();  // only GPU threads fail; never the scheduler
    for (;;) switch_to(w, &w->sched);  // never resumed: the block is abandoned
}

void* dynamic_smem() {
    Worker* w = current_worker();
    return w ? w->dyn_smem : own_worker()->dyn_smem;
}

namespace {
void fill_static_shared() {
    fill_tls_block(settings().smem_fill);
}

void run_block(Worker* w, const Launch& L, long b) {
    const dim3 g = L.cfg.grid;
    blockIdx.x = (unsigned)(b % g.x);
    blockIdx.y = (unsigned)((b / g.x) % g.y);
    blockIdx.z = (unsigned)(b / ((long)g.x * g.y));
    blockDim = L.cfg.block;
    gridDim = g;
    w->launch = &L;
    w->block = b;
    w->barriers = 0;
    w->n = L.nthreads;
    if ((int)w->slots.size() < w->n) w->slots.resize(w->n);
    for (int i = 0; i < w->n; i++) w->slots[i] = Slot{};
    w->next_unstarted = 0;
    w->live = w->n;
    w->arrived = 0;
    w->failed = false;
    w->reverse = settings().reverse;
    const dim3 bd = L.cfg.block;
    if (w->coords_for.x != bd.x || w->coords_for.y != bd.y || w->coords_for.z != bd.z) {
        w->coords.resize(w->n);
        for (int t = 0; t < w->n; t++)
            w->coords[t] = uint3{t % bd.x, (t / bd.x) % bd.y, t / (bd.x * bd.y)};
        w->coords_for = bd;
    }
    int warps = (w->n + 31) / 32;
    w->exited.assign(warps, 0u);
    w->waiting.assign(warps, 0u);
    if (settings().smem_fill >= 0) {
        std::memset(w->dyn_smem, settings().smem_fill, L.cfg.smem);
        fill_static_shared();
    }
    w->runq.clear();
    w->runq_head = 0;
    w->current = &w->sched;
    tl_worker = w;
    for (;;) {
        if (w->failed) break;
        Fiber* f = next_fiber(w);
        if (f != &w->sched) {
            switch_to(w, f);
            continue;
        }
        if (w->failed || w->live == 0) break;
        if (w->next_unstarted < w->n) {
            error_set(cudaErrorMemoryAllocation,
                      kernel_label(w) + ": no memory for another GPU thread's stack", true);
            w->failed = true;
            break;
        }
        if (warp_resolve_activemask(w)) continue;
        error_set(cudaErrorLaunchFailure,
                  kernel_label(w) + ": deadlock, no thread of the block can go on: " +
                      describe_waits(w),
                  true);
        w->failed = true;
    }
    if (w->failed) {
        // the block's fibers stopped inside user code: restart them before any reuse
        w->idle.clear();
        for (Fiber* f : w->fibers) {
            fiber_start(f, runner_entry, w);
            w->idle.push_back(f);
        }
    }
    tl_worker = nullptr;
}
}  // namespace

int launch(const LaunchConfig& cfg, Thunk thunk, void* closure) {
    if (int e = error_sticky()) return e;
    if (tl_worker) {
        error_set(cudaErrorNotSupported,
                  std::string("kernel ") + cfg.kernel + " launched at line " +
                      std::to_string(cfg.line) +
                      " from device code: dynamic parallelism is not supported",
                  true);
        return cudaErrorNotSupported;
    }
    long nthreads = (long)cfg.block.x * cfg.block.y * cfg.block.z;
    long nblocks = (long)cfg.grid.x * cfg.grid.y * cfg.grid.z;
    std::string bad;
    if (nthreads == 0 || nblocks == 0)
        bad = "a grid or block dimension is 0";
    else if (nthreads > 1024)
        bad = "the block has " + std::to_string(nthreads) + " threads (at most 1024)";
    else if (cfg.block.z > 64)
        bad = "blockDim.z is " + std::to_string(cfg.block.z) + " (at most 64)";
    else if (cfg.grid.y > 65535 || cfg.grid.z > 65535)
        bad = "gridDim.y and gridDim.z are at most 65535";
    else if (cfg.grid.x > 2147483647u)
        bad = "gridDim.x is at most 2^31-1";
    if (bad.empty() && cfg.smem > max_dynamic_smem())
        bad = "it asks for " + std::to_string(cfg.smem) +
              " bytes of dynamic shared memory (at most " + std::to_string(max_dynamic_smem()) +
              " without cudaFuncSetAttribute(..., cudaFuncAttributeMaxDynamicSharedMemorySize, "
              "...))";
    if (!bad.empty()) {
        error_set(cudaErrorInvalidConfiguration,
                  std::string("kernel ") + cfg.kernel + " launched at line " +
                      std::to_string(cfg.line) + " with an invalid configuration: " + bad,
                  false);
        return cudaErrorInvalidConfiguration;
    }
    Launch L{cfg, thunk, closure, nblocks, (int)nthreads};
    race_launch_begin();
    Worker* me = own_worker();
    int extra = std::min<long>(settings().threads, nblocks) - 1;
    if (extra > 0) {
        std::unique_lock<std::mutex> lock(pool_mutex);
        start_pool(std::max(pool_size, extra));
        pool_launch = &L;
        pool_busy = pool_size;
        pool_generation++;
        pool_cv.notify_all();
    }
    run_blocks(me, L);
    if (extra > 0) {
        std::unique_lock<std::mutex> lock(pool_mutex);
        done_cv.wait(lock, [] { return pool_busy == 0; });
    }
    error_abort_clear();
    if (int e = error_sticky()) return e;
    return cudaSuccess;
}
}  // namespace kj

// KJ_EMU_SMEM_FILL: fill this module's thread-local block (its static __shared__ variables)
// with a byte at each block start, keeping the runtime's own thread-local values.
#include <link.h>

namespace kj {
namespace {
struct TlsFind {
    const void* inside;
    size_t modid;
    size_t size;
};
int tls_find(struct dl_phdr_info* info, size_t, void* arg) {
    auto* f = static_cast<TlsFind*>(arg);
    bool mine = false;
    const ElfW(Phdr)* tls = nullptr;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr)& ph = info->dlpi_phdr[i];
        if (ph.p_type == PT_LOAD) {
            uintptr_t lo = info->dlpi_addr + ph.p_vaddr;
            uintptr_t a = reinterpret_cast<uintptr_t>(f->inside);
            if (a >= lo && a < lo + ph.p_memsz) mine = true;
        }
        if (ph.p_type == PT_TLS) tls = &ph;
    }
    if (!mine) return 0;
    if (tls) {
        f->modid = info->dlpi_tls_modid;
        f->size = tls->p_memsz;
    }
    return 1;
}
}  // namespace

struct TlsIndex {
    unsigned long module;
    unsigned long offset;
};
extern "C" void* __tls_get_addr(TlsIndex*);

char* tls_block(size_t* size) {
    static TlsFind f = [] {
        TlsFind found{reinterpret_cast<const void*>(&fill_tls_block), 0, 0};
        dl_iterate_phdr(tls_find, &found);
        return found;
    }();
    *size = f.size;
    if (!f.modid) return nullptr;
    TlsIndex index{f.modid, 0};
    return static_cast<char*>(__tls_get_addr(&index));  // this thread's block of this module
}

bool in_block_memory(const Worker* w, uintptr_t a) {
    static thread_local size_t tls_size = 0;
    static thread_local char* tls = tls_block(&tls_size);
    if (tls && a >= (uintptr_t)tls && a < (uintptr_t)tls + tls_size) return true;
    return w->dyn_smem && a >= (uintptr_t)w->dyn_smem && a < (uintptr_t)w->dyn_smem + kDynSmemBytes;
}

void fill_tls_block(int byte) {
    size_t size = 0;
    void* data = tls_block(&size);
    if (!data) return;
    uint3 t = threadIdx, b = blockIdx;
    dim3 bd = blockDim, gd = gridDim;
    Worker* cur = tl_worker;
    Worker* own = tl_own;
    std::memset(data, byte, size);
    threadIdx = t;
    blockIdx = b;
    blockDim = bd;
    gridDim = gd;
    tl_worker = cur;
    tl_own = own;
}
}  // namespace kj
