// Barriers and warp operations. Each call passes the caller's line (__builtin_LINE() as a
// default argument) so that the runtime's messages name the user's line.
#pragma once

#include <cstdint>
#include <cstring>

namespace kj {
KJ_API int block_barrier(int op, int pred, int line);
KJ_API uint64_t warp_op(int op, unsigned mask, uint64_t value, int arg, int width, int line,
                        int* pred_out);
KJ_API unsigned active_mask();
KJ_API long long clock_ticks();
KJ_API void trap(int line);

template <class T>
inline uint64_t to_bits(const T& v) {
    static_assert(sizeof(T) <= 8 && std::is_trivially_copyable<T>::value,
                  "warp shuffles take values of at most 8 bytes");
    uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}
template <class T>
inline T from_bits(uint64_t b) {
    T v;
    std::memcpy(&v, &b, sizeof(T));
    return v;
}
// the runtime's numbering (src/internal.h)
enum : int {
    kSyncThreads, kSyncCount, kSyncAnd, kSyncOr, kSyncWarp, kShflIdx, kShflUp, kShflDown,
    kShflXor, kBallot, kAny, kAll, kMatchAny, kMatchAll, kReduceAdd, kReduceMin, kReduceMax,
    kReduceUMin, kReduceUMax, kReduceAnd, kReduceOr, kReduceXor, kActiveMask,
};
}  // namespace kj

inline void __syncthreads(int line = __builtin_LINE()) {
    kj::block_barrier(kj::kSyncThreads, 0, line);
}
inline int __syncthreads_count(int pred, int line = __builtin_LINE()) {
    return kj::block_barrier(kj::kSyncCount, pred != 0, line);
}
inline int __syncthreads_and(int pred, int line = __builtin_LINE()) {
    return kj::block_barrier(kj::kSyncAnd, pred != 0, line);
}
inline int __syncthreads_or(int pred, int line = __builtin_LINE()) {
    return kj::block_barrier(kj::kSyncOr, pred != 0, line);
}
inline void __syncwarp(unsigned mask = 0xffffffffu, int line = __builtin_LINE()) {
    kj::warp_op(kj::kSyncWarp, mask, 0, 0, 32, line, nullptr);
}

template <class T>
inline T __shfl_sync(unsigned mask, T var, int src_lane, int width = 32,
                     int line = __builtin_LINE()) {
    return kj::from_bits<T>(
        kj::warp_op(kj::kShflIdx, mask, kj::to_bits(var), src_lane, width, line, nullptr));
}
template <class T>
inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32,
                        int line = __builtin_LINE()) {
    return kj::from_bits<T>(
        kj::warp_op(kj::kShflUp, mask, kj::to_bits(var), (int)delta, width, line, nullptr));
}
template <class T>
inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32,
                          int line = __builtin_LINE()) {
    return kj::from_bits<T>(
        kj::warp_op(kj::kShflDown, mask, kj::to_bits(var), (int)delta, width, line, nullptr));
}
template <class T>
inline T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = 32,
                         int line = __builtin_LINE()) {
    return kj::from_bits<T>(
        kj::warp_op(kj::kShflXor, mask, kj::to_bits(var), lane_mask, width, line, nullptr));
}
inline unsigned __ballot_sync(unsigned mask, int pred, int line = __builtin_LINE()) {
    return (unsigned)kj::warp_op(kj::kBallot, mask, pred != 0, 0, 32, line, nullptr);
}
inline int __any_sync(unsigned mask, int pred, int line = __builtin_LINE()) {
    return (int)kj::warp_op(kj::kAny, mask, pred != 0, 0, 32, line, nullptr);
}
inline int __all_sync(unsigned mask, int pred, int line = __builtin_LINE()) {
    return (int)kj::warp_op(kj::kAll, mask, pred != 0, 0, 32, line, nullptr);
}
inline int __uni_sync(unsigned mask, int pred, int line = __builtin_LINE()) {
    unsigned b = __ballot_sync(mask, pred, line);
    return b == 0 || b == mask;
}
// The lanes that meet here: every live lane of the warp, or, when some of them cannot come
// (they wait elsewhere), those that did.
inline unsigned __activemask(int line = __builtin_LINE()) {
    return (unsigned)kj::warp_op(kj::kActiveMask, 0, 0, 0, 32, line, nullptr);
}

template <class T>
inline unsigned __match_any_sync(unsigned mask, T value, int line = __builtin_LINE()) {
    return (unsigned)kj::warp_op(kj::kMatchAny, mask, kj::to_bits(value), 0, 32, line, nullptr);
}
template <class T>
inline unsigned __match_all_sync(unsigned mask, T value, int* pred,
                                 int line = __builtin_LINE()) {
    return (unsigned)kj::warp_op(kj::kMatchAll, mask, kj::to_bits(value), 0, 32, line, pred);
}

#define KJ_REDUCE(NAME, T, OP)                                                              \
    inline T NAME(unsigned mask, T value, int line = __builtin_LINE()) {                    \
        return (T)kj::warp_op(OP, mask, (uint32_t)value, 0, 32, line, nullptr);             \
    }
KJ_REDUCE(__reduce_add_sync, unsigned, kj::kReduceAdd)
KJ_REDUCE(__reduce_add_sync, int, kj::kReduceAdd)
KJ_REDUCE(__reduce_min_sync, unsigned, kj::kReduceUMin)
KJ_REDUCE(__reduce_min_sync, int, kj::kReduceMin)
KJ_REDUCE(__reduce_max_sync, unsigned, kj::kReduceUMax)
KJ_REDUCE(__reduce_max_sync, int, kj::kReduceMax)
KJ_REDUCE(__reduce_and_sync, unsigned, kj::kReduceAnd)
KJ_REDUCE(__reduce_or_sync, unsigned, kj::kReduceOr)
KJ_REDUCE(__reduce_xor_sync, unsigned, kj::kReduceXor)
#undef KJ_REDUCE

inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __nanosleep(unsigned) {}
inline long long clock64() { return kj::clock_ticks(); }
inline long long __clock64() { return kj::clock_ticks(); }
inline void __trap(int line = __builtin_LINE()) { kj::trap(line); }
inline void __brkpt() {}
template <class T>
inline T __ldg(const T* p) { return *p; }
template <class T>
inline T __ldcg(const T* p) { return *p; }
template <class T>
inline T __ldca(const T* p) { return *p; }
template <class T>
inline T __ldcs(const T* p) { return *p; }
template <class T>
inline T __ldlu(const T* p) { return *p; }
template <class T>
inline T __ldcv(const T* p) { return *p; }
template <class T>
inline void __stcg(T* p, T v) { *p = v; }
template <class T>
inline void __stcs(T* p, T v) { *p = v; }
template <class T>
inline void __stwb(T* p, T v) { *p = v; }
template <class T>
inline void __stwt(T* p, T v) { *p = v; }
