// The runtime's own declarations, shared by its source files (never seen by user code).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#define KJ_RUNTIME_SOURCE 1  // threadIdx and friends are writable here (kj/core.h)
#include "../include/kj/core.h"
#include "../include/kj/api.h"

namespace kj {

// ---- fibers (fiber.cpp) ----
struct Fiber {
    void* sp = nullptr;     // saved stack pointer while switched out
    char* mem = nullptr;    // mapping: guard page + stack
    size_t size = 0;
    size_t skew = 0;        // the stack top's distance below the mapping's end
    bool parked = false;    // its runner loop waits at the top (reusable as is)
    void* uctx = nullptr;   // ucontext_t where the assembly switch is not available
    char* bottom = nullptr;  // a stack not mapped here (the worker's own): its bounds
    size_t bottom_size = 0;
};
Fiber* fiber_new(size_t stack_bytes);
void fiber_start(Fiber* f, void (*entry)(void*), void* arg);  // make it start at entry(arg)
void fiber_switch(Fiber* from, Fiber* to);  // save the running context in from, run to
void fiber_context_init(Fiber* f);
void fiber_entered();  // first thing a new fiber runs  // a Fiber that only holds a saved context (no stack)
bool in_guard_page(const void* addr);
void fiber_thread_init();  // this OS thread: the stack-overflow handler and its signal stack

// ---- the scheduler (scheduler.cpp) ----
enum class State : uint8_t { Unstarted, Running, Runnable, AtBarrier, AtWarp, Exited };

enum Op : int {
    OpSyncThreads, OpSyncCount, OpSyncAnd, OpSyncOr,
    OpSyncWarp, OpShflIdx, OpShflUp, OpShflDown, OpShflXor, OpBallot, OpAny, OpAll,
    OpMatchAny, OpMatchAll, OpReduceAdd, OpReduceMin, OpReduceMax, OpReduceUMin,
    OpReduceUMax, OpReduceAnd, OpReduceOr, OpReduceXor, OpActiveMask,
};
const char* op_name(int op);

struct Slot {  // 40 bytes: a warp's 32 slots span 20 cache lines
    uint64_t value = 0;    // the value a warp operation contributes
    uint64_t result = 0;   // what the operation returns to this thread
    Fiber* fiber = nullptr;
    int line = 0;
    unsigned mask = 0;
    int arg = 0;           // source lane, delta or lane mask of a shuffle
    State state = State::Unstarted;
    uint8_t op = 0;
    uint8_t width = 32;
    uint8_t pred = 0;
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
    Fiber sched;               // the block scheduler's own context (the worker's stack)
    Fiber* current = nullptr;  // the fiber running now (&sched in the scheduler)
    std::vector<int> runq;     // threads released from a wait, in resume order
    size_t runq_head = 0;
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
    bool reverse = false;    // KJ_EMU_ORDER=reverse
    std::vector<uint3> coords;        // threadIdx of every linear index, for this block shape
    dim3 coords_for{0, 0, 0};
    std::vector<unsigned> exited;     // per warp: lanes that exited
    std::vector<unsigned> waiting;    // per warp: lanes waiting at a warp operation
    char* dyn_smem = nullptr;
    long block = 0;          // linear index of the block running now
    uint32_t barriers = 0;   // __syncthreads() the block has passed (race.cpp's phases)
};
Worker* current_worker();  // null outside a kernel
int thread_at(const Worker* w, int position);  // start order -> linear thread index
void set_coords(Worker* w, int t);
[[noreturn]] void fail(Worker* w, int code, const std::string& what);  // abandon the block
void yield(Worker* w);  // the current GPU thread waits; returns when resumed
void make_runnable(Worker* w, int t);  // a waiting thread may go on (queued for resumption)
std::string where(const Worker* w, int t);  // "block (..), thread (..)"
std::string kernel_label(const Worker* w);

// ---- warp operations (warp.cpp) ----
void warp_check_exit(Worker* w, int t);  // a lane exits: no waiting lane may name it
void barrier_check(Worker* w);  // all live threads wait at __syncthreads: release them
std::string describe_waits(Worker* w);
bool warp_resolve_activemask(Worker* w);  // no other progress: __activemask() returns who is there  // what the waiting threads wait for, for a deadlock

// ---- lost updates (race.cpp) ----
void race_launch_begin();  // a new launch: forget the previous one's accesses

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
// whether an address is the running block's shared memory (static or dynamic): the blocks a
// worker runs one after another reuse the same addresses
bool in_block_memory(const Worker* w, uintptr_t a);
void error_set(int code, const std::string& message, bool sticky);
int error_sticky();
bool error_abort();  // a launch in progress failed: the other workers stop
void error_abort_clear();
int error_take(std::string* message, bool clear);
}  // namespace kj
