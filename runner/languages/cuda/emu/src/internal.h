// The runtime's own declarations, shared by its source files (never seen by user code).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "../include/kj/core.h"
#include "../include/kj/api.h"

namespace kj {

// ---- fibers (fiber.cpp) ----
struct Fiber {
    void* sp = nullptr;     // saved stack pointer while switched out
    char* mem = nullptr;    // mapping: guard page + stack
    size_t size = 0;
    bool parked = false;    // its runner loop waits at the top (reusable as is)
    void* uctx = nullptr;   // ucontext_t where the assembly switch is not available
};
Fiber* fiber_new(size_t stack_bytes);
void fiber_start(Fiber* f, void (*entry)(void*), void* arg);  // make it start at entry(arg)
void fiber_switch(void** save_sp, void* save_uctx, Fiber* to);  // from the current context
void fiber_switch_back(Fiber* from, void** sched_sp, void* sched_uctx);
bool in_guard_page(const void* addr);

// ---- the scheduler (scheduler.cpp) ----
enum class State : uint8_t { Unstarted, Running, Runnable, AtBarrier, AtWarp, Exited };

enum Op : int {
    OpSyncThreads, OpSyncCount, OpSyncAnd, OpSyncOr,
    OpSyncWarp, OpShflIdx, OpShflUp, OpShflDown, OpShflXor, OpBallot, OpAny, OpAll,
    OpMatchAny, OpMatchAll, OpReduceAdd, OpReduceMin, OpReduceMax, OpReduceUMin,
    OpReduceUMax, OpReduceAnd, OpReduceOr, OpReduceXor,
};
const char* op_name(int op);

struct Slot {
    State state = State::Unstarted;
    int op = 0;
    int line = 0;
    unsigned mask = 0;
    int arg = 0;
    int width = 32;
    uint64_t value = 0;
    uint64_t result = 0;
    int pred = 0;
    Fiber* fiber = nullptr;
};

struct Launch {
    LaunchConfig cfg;
    Thunk thunk;
    void* closure;
    long nblocks;
    int nthreads;
    std::atomic<long> next_block{0};
};

struct Worker {
    void* sched_sp = nullptr;
    void* sched_uctx = nullptr;
    Fiber* current = nullptr;
    std::vector<Slot> slots;
    std::vector<Fiber*> fibers;  // all of this worker's fibers
    std::vector<Fiber*> idle;    // parked fibers ready for another runner loop
    const Launch* launch = nullptr;
    int n = 0;               // threads in the block
    int cur = -1;            // linear index of the GPU thread running now
    int next_unstarted = 0;  // position in the start order
    int live = 0;            // threads not exited
    int arrived = 0;         // live threads waiting at __syncthreads
    bool failed = false;     // this block hit an error and is abandoned
    char* dyn_smem = nullptr;
};
Worker* current_worker();  // null outside a kernel
int thread_at(const Worker* w, int position);  // start order -> linear thread index
void set_coords(Worker* w, int t);
[[noreturn]] void fail(Worker* w, int code, const std::string& what);  // abandon the block
void yield(Worker* w);  // the current GPU thread waits; returns when resumed
std::string where(const Worker* w, int t);  // "block (..), thread (..)"
std::string kernel_label(const Worker* w);

// ---- warp operations (warp.cpp) ----
void warp_check_exit(Worker* w, int t);  // a lane exits: no waiting lane may name it
void barrier_check(Worker* w);  // all live threads wait at __syncthreads: release them
std::string describe_waits(Worker* w);  // what the waiting threads wait for, for a deadlock

// ---- errors (errors.cpp) ----
struct Settings {
    int threads;
    bool reverse;
    int smem_fill;  // -1: none
    size_t stack_bytes;
};
const Settings& settings();
size_t max_dynamic_smem();  // the launch limit, raised by cudaFuncSetAttribute
void fill_tls_block(int byte);  // fill this OS thread's static __shared__ variables
void error_set(int code, const std::string& message, bool sticky);
int error_sticky();
bool error_abort();  // a launch in progress failed: the other workers stop
void error_abort_clear();
int error_take(std::string* message, bool clear);
}  // namespace kj
