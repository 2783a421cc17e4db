// Fibers: each GPU thread that waits (at a barrier or a warp operation) keeps its own stack.
// On x86-64 a switch saves the six callee-saved registers and the stack pointer (a few
// nanoseconds); elsewhere ucontext is used (it also saves the signal mask: a system call).
// Every stack has a guard page below it, so an overflow faults instead of corrupting memory.
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

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
    return f;
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
    uintptr_t top = (reinterpret_cast<uintptr_t>(f->mem) + f->size) & ~uintptr_t(15);
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
void fiber_switch(void** save_sp, void*, Fiber* to) { kj_switch(save_sp, to->sp); }
void fiber_switch_back(Fiber* from, void** sched_sp, void*) { kj_switch(&from->sp, *sched_sp); }
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
    uc->uc_stack.ss_size = f->size - pg;
    uc->uc_link = nullptr;
    uintptr_t e = reinterpret_cast<uintptr_t>(entry), a = reinterpret_cast<uintptr_t>(arg);
    makecontext(uc, (void (*)())uc_entry, 4, (unsigned)e, (unsigned)(e >> 32), (unsigned)a,
                (unsigned)(a >> 32));
}
void fiber_switch(void**, void* save_uctx, Fiber* to) {
    swapcontext(static_cast<ucontext_t*>(save_uctx), static_cast<ucontext_t*>(to->uctx));
}
void fiber_switch_back(Fiber* from, void**, void* sched_uctx) {
    swapcontext(static_cast<ucontext_t*>(from->uctx), static_cast<ucontext_t*>(sched_uctx));
}
#endif
}  // namespace kj
