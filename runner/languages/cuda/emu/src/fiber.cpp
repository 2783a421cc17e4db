// Fibers: each GPU thread that waits (at a barrier or a warp operation) keeps its own stack.
// On x86-64 a switch saves the six callee-saved registers and the stack pointer (a few
// nanoseconds); elsewhere ucontext is used (it also saves the signal mask: a system call).
// Every stack has a guard page below it, so an overflow faults instead of corrupting memory.
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <string>
#include <mutex>
#include <utility>
#include <vector>

#include "internal.h"

namespace kj {
namespace {
std::mutex guard_mutex;
std::vector<std::pair<char*, char*>> guards;  // [begin, end) of every guard page
size_t page_size() {
    static size_t p = (size_t)sysconf(_SC_PAGESIZE);
    return p;
}
}  // namespace

bool in_guard_page(const void* addr) {
    const char* a = static_cast<const char*>(addr);
    // called from a signal handler: try_lock, never block
    if (!guard_mutex.try_lock()) return false;
    bool hit = false;
    for (auto& g : guards)
        if (a >= g.first && a < g.second) hit = true;
    guard_mutex.unlock();
    return hit;
}

Fiber* fiber_new(size_t stack_bytes) {
    size_t pg = page_size();
    size_t size = (stack_bytes + pg - 1) / pg * pg + pg;
    void* mem = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                     -1, 0);
    if (mem == MAP_FAILED) return nullptr;
    mprotect(mem, pg, PROT_NONE);
    {
        std::lock_guard<std::mutex> lock(guard_mutex);
        guards.emplace_back(static_cast<char*>(mem), static_cast<char*>(mem) + pg);
    }
    Fiber* f = new Fiber;
    f->mem = static_cast<char*>(mem);
    f->size = size;
    // stack tops at different offsets within a page: with equal offsets, the hot frames of
    // hundreds of fibers would compete for the same few sets of the L1 cache
    static std::atomic<unsigned> count{0};
    f->skew = (count.fetch_add(1) * 7 % 64) * 64;
    return f;
}

// A fault in a guard page is a GPU thread's stack overflow: the block is abandoned with a
// sticky error naming the kernel and the thread (the fiber is restarted before reuse). Any
// other fault goes to the handler that was there before (the process dies as it would have).
namespace {
struct sigaction previous_segv;

void on_segv(int sig, siginfo_t* info, void* context) {
    Worker* w = current_worker();
    if (info && in_guard_page(info->si_addr) && w && w->current) {
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, SIGSEGV);
        pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
        fail(w, cudaErrorLaunchFailure,
             "stack overflow of " + where(w, w->cur) + " (each GPU thread has a " +
                 std::to_string(settings().stack_bytes / 1024) +
                 " KiB stack; deep recursion or large local arrays exceed it; "
                 "KJ_EMU_STACK_KB sets it)");
    }
    sigaction(SIGSEGV, &previous_segv, nullptr);
    if (previous_segv.sa_flags & SA_SIGINFO) {
        if (previous_segv.sa_sigaction) previous_segv.sa_sigaction(sig, info, context);
    } else if (previous_segv.sa_handler != SIG_DFL && previous_segv.sa_handler != SIG_IGN) {
        previous_segv.sa_handler(sig);
    }
}
}  // namespace

void fiber_thread_init() {
#if !defined(__SANITIZE_ADDRESS__)
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_segv;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGSEGV, &sa, &previous_segv);
    });
    stack_t old;
    if (sigaltstack(nullptr, &old) == 0 && (old.ss_flags & SS_DISABLE)) {
        stack_t ss;
        ss.ss_size = 64 * 1024;
        ss.ss_sp = malloc(ss.ss_size);
        ss.ss_flags = 0;
        if (ss.ss_sp) sigaltstack(&ss, nullptr);
    }
#endif
}

#if defined(__x86_64__) && !defined(KJ_UCONTEXT)
extern "C" void kj_switch(void** save_sp, void* new_sp);
extern "C" void kj_trampoline();
asm(R"(
.text
.globl kj_switch
.hidden kj_switch
.type kj_switch,@function
kj_switch:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
.size kj_switch,.-kj_switch
.globl kj_trampoline
.hidden kj_trampoline
.type kj_trampoline,@function
kj_trampoline:
    movq %r13, %rdi
    callq *%r12
    ud2
.size kj_trampoline,.-kj_trampoline
)");

void fiber_start(Fiber* f, void (*entry)(void*), void* arg) {
    uintptr_t top = (reinterpret_cast<uintptr_t>(f->mem) + f->size - f->skew) & ~uintptr_t(15);
    void** sp = reinterpret_cast<void**>(top - 72);
    sp[0] = nullptr;                                          // r15
    sp[1] = nullptr;                                          // r14
    sp[2] = arg;                                              // r13
    sp[3] = reinterpret_cast<void*>(entry);                   // r12
    sp[4] = nullptr;                                          // rbx
    sp[5] = nullptr;                                          // rbp
    sp[6] = reinterpret_cast<void*>(&kj_trampoline);          // return address
    f->sp = sp;
}
#if defined(__SANITIZE_ADDRESS__)
// AddressSanitizer must be told of every stack switch (else it reports false stack errors)
void fiber_switch(Fiber* from, Fiber* to) {
    void* fake = nullptr;
    __sanitizer_start_switch_fiber(&fake, to->mem ? to->mem + page_size() : to->bottom,
                                   to->mem ? to->size - page_size() : to->bottom_size);
    kj_switch(&from->sp, to->sp);
    __sanitizer_finish_switch_fiber(fake, nullptr, nullptr);
}
void fiber_context_init(Fiber* f) {  // the worker's own stack, for switches back to it
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void* addr = nullptr;
        size_t size = 0;
        pthread_attr_getstack(&attr, &addr, &size);
        f->bottom = static_cast<char*>(addr);
        f->bottom_size = size;
        pthread_attr_destroy(&attr);
    }
}
void fiber_entered() { __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr); }
#else
void fiber_switch(Fiber* from, Fiber* to) { kj_switch(&from->sp, to->sp); }
void fiber_context_init(Fiber*) {}
void fiber_entered() {}
#endif
#else
namespace {
void uc_entry(unsigned lo, unsigned hi, unsigned alo, unsigned ahi) {
    auto entry = reinterpret_cast<void (*)(void*)>(((uintptr_t)hi << 32) | lo);
    void* arg = reinterpret_cast<void*>(((uintptr_t)ahi << 32) | alo);
    entry(arg);
}
}  // namespace
void fiber_start(Fiber* f, void (*entry)(void*), void* arg) {
    if (!f->uctx) f->uctx = new ucontext_t;
    ucontext_t* uc = static_cast<ucontext_t*>(f->uctx);
    getcontext(uc);
    size_t pg = page_size();
    uc->uc_stack.ss_sp = f->mem + pg;
    uc->uc_stack.ss_size = f->size - pg - f->skew;
    uc->uc_link = nullptr;
    uintptr_t e = reinterpret_cast<uintptr_t>(entry), a = reinterpret_cast<uintptr_t>(arg);
    makecontext(uc, (void (*)())uc_entry, 4, (unsigned)e, (unsigned)(e >> 32), (unsigned)a,
                (unsigned)(a >> 32));
}
void fiber_switch(Fiber* from, Fiber* to) {
    swapcontext(static_cast<ucontext_t*>(from->uctx), static_cast<ucontext_t*>(to->uctx));
}
void fiber_context_init(Fiber* f) {
    if (!f->uctx) f->uctx = new ucontext_t;
}
void fiber_entered() {}
#endif
}  // namespace kj
