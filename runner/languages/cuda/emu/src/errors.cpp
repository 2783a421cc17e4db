// The runtime's settings (from the environment, read once) and its error state: a kernel's
// failure is sticky (every later call returns it, as a GPU's illegal-address error does), a
// launch refused for its configuration is returned once.
#include <sched.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "internal.h"

namespace kj {
namespace {
std::mutex error_mutex;
int sticky_code = 0;
std::string sticky_message;
int pending_code = 0;
std::string pending_message;
std::atomic<bool> aborting{false};

int env_int(const char* name, int fallback) {
    const char* v = getenv(name);
    if (!v || !*v) return fallback;
    char* end = nullptr;
    long x = strtol(v, &end, 0);
    return (end && *end == 0) ? (int)x : fallback;
}

Settings read_settings() {
    Settings s;
    cpu_set_t set;
    int cpus = 1;
    if (sched_getaffinity(0, sizeof set, &set) == 0) cpus = CPU_COUNT(&set);
    s.threads = env_int("KJ_EMU_THREADS", cpus);
    if (s.threads < 1) s.threads = 1;
    if (s.threads > 256) s.threads = 256;
    const char* order = getenv("KJ_EMU_ORDER");
    s.reverse = order && strcmp(order, "reverse") == 0;
    const char* fill = getenv("KJ_EMU_SMEM_FILL");
    s.smem_fill = (fill && *fill) ? (env_int("KJ_EMU_SMEM_FILL", 0) & 0xff) : -1;
    s.stack_bytes = (size_t)env_int("KJ_EMU_STACK_KB", 256) * 1024;
    return s;
}
}  // namespace

const Settings& settings() {
    static Settings s = read_settings();
    return s;
}

void error_set(int code, const std::string& message, bool sticky) {
    std::lock_guard<std::mutex> lock(error_mutex);
    if (sticky) {
        aborting = true;
        if (sticky_code == 0) {
            sticky_code = code;
            sticky_message = message;
        }
    } else if (pending_code == 0) {
        pending_code = code;
        pending_message = message;
    }
}

int error_sticky() {
    std::lock_guard<std::mutex> lock(error_mutex);
    return sticky_code;
}
bool error_abort() { return aborting.load(std::memory_order_relaxed); }
void error_abort_clear() { aborting = false; }

// The error cudaGetLastError returns (and clears unless it is sticky), with its message.
int error_take(std::string* message, bool clear) {
    std::lock_guard<std::mutex> lock(error_mutex);
    if (sticky_code) {
        if (message) *message = sticky_message;
        return sticky_code;
    }
    int code = pending_code;
    if (message) *message = pending_message;
    if (clear) {
        pending_code = 0;
        pending_message.clear();
    }
    return code;
}

long long clock_ticks() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void trap(int line) {
    Worker* w = current_worker();
    if (!w) abort();
    fail(w, cudaErrorIllegalInstruction,
         "__trap() at line " + std::to_string(line) + " (" + where(w, w->cur) + ")");
}
}  // namespace kj

// assert() in device code: the sticky cudaErrorAssert instead of abort() (hidden, so the
// solution's own calls bind here and the C library's definition stays untouched).
extern "C" __attribute__((visibility("hidden"))) void __assert_fail(const char* expr,
                                                                    const char* file,
                                                                    unsigned int line,
                                                                    const char* func) {
    kj::Worker* w = kj::current_worker();
    if (!w) {
        fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, func, expr);
        abort();
    }
    kj::fail(w, cudaErrorAssert,
             std::string("device-side assertion `") + expr + "` failed at line " +
                 std::to_string(line) + " (" + kj::where(w, w->cur) + ")");
}

extern "C" __attribute__((visibility("default"))) int kerneljudge_last_error(char* buf, int n) {
    std::string message;
    int code = kj::error_take(&message, true);
    if (code == 0) return 0;
    std::string text = std::string(cudaGetErrorString((cudaError_t)code)) + ": " + message;
    if (buf && n > 0) {
        strncpy(buf, text.c_str(), (size_t)n - 1);
        buf[n - 1] = 0;
    }
    return code;
}
