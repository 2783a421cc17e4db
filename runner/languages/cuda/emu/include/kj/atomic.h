// Atomics on host memory shared by the worker threads: real atomic instructions (GCC's
// __atomic builtins); float and double arithmetic through compare-and-swap loops.
#pragma once

#include <cstdint>
#include <cstring>

namespace kj {
template <class T>
inline T atomic_rmw_cas(T* addr, T (*f)(T, T), T v) {
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "4 or 8 bytes");
    using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
    U* p = reinterpret_cast<U*>(addr);
    U old = __atomic_load_n(p, __ATOMIC_RELAXED);
    for (;;) {
        T o;
        std::memcpy(&o, &old, sizeof(T));
        T n = f(o, v);
        U nb;
        std::memcpy(&nb, &n, sizeof(T));
        if (__atomic_compare_exchange_n(p, &old, nb, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
            return o;
    }
}
// A 16-bit value updated through the aligned 32-bit word that holds it.
template <class T>
inline T atomic_rmw16(T* addr, T (*f)(T, T), T v) {
    static_assert(sizeof(T) == 2, "2 bytes");
    uintptr_t a = reinterpret_cast<uintptr_t>(addr);
    uint32_t* word = reinterpret_cast<uint32_t*>(a & ~uintptr_t(3));
    int shift = (a & 2) ? 16 : 0;  // little-endian
    uint32_t old = __atomic_load_n(word, __ATOMIC_RELAXED);
    for (;;) {
        uint16_t ob = (uint16_t)(old >> shift);
        T o;
        std::memcpy(&o, &ob, 2);
        T n = f(o, v);
        uint16_t nb;
        std::memcpy(&nb, &n, 2);
        uint32_t nw = (old & ~(0xffffu << shift)) | ((uint32_t)nb << shift);
        if (__atomic_compare_exchange_n(word, &old, nw, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
            return o;
    }
}
template <class T> inline T op_add(T a, T b) { return a + b; }
template <class T> inline T op_min(T a, T b) { return b < a ? b : a; }
template <class T> inline T op_max(T a, T b) { return a < b ? b : a; }
}  // namespace kj

#define KJ_ATOMIC_INT(T)                                                                    \
    inline T atomicAdd(T* a, T v) { return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST); }   \
    inline T atomicSub(T* a, T v) { return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST); }   \
    inline T atomicExch(T* a, T v) { return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST); } \
    inline T atomicMin(T* a, T v) { return kj::atomic_rmw_cas<T>(a, kj::op_min<T>, v); }   \
    inline T atomicMax(T* a, T v) { return kj::atomic_rmw_cas<T>(a, kj::op_max<T>, v); }   \
    inline T atomicAnd(T* a, T v) { return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST); }   \
    inline T atomicOr(T* a, T v) { return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST); }     \
    inline T atomicXor(T* a, T v) { return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST); }   \
    inline T atomicCAS(T* a, T compare, T v) {                                              \
        __atomic_compare_exchange_n(a, &compare, v, false, __ATOMIC_SEQ_CST,                \
                                    __ATOMIC_SEQ_CST);                                      \
        return compare;                                                                     \
    }
KJ_ATOMIC_INT(int)
KJ_ATOMIC_INT(unsigned int)
KJ_ATOMIC_INT(unsigned long long)
KJ_ATOMIC_INT(long long)
KJ_ATOMIC_INT(unsigned long)
KJ_ATOMIC_INT(long)
#undef KJ_ATOMIC_INT

inline unsigned short atomicCAS(unsigned short* a, unsigned short compare, unsigned short v) {
    __atomic_compare_exchange_n(a, &compare, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return compare;
}
inline float atomicAdd(float* a, float v) { return kj::atomic_rmw_cas<float>(a, kj::op_add<float>, v); }
inline double atomicAdd(double* a, double v) {
    return kj::atomic_rmw_cas<double>(a, kj::op_add<double>, v);
}
inline float atomicSub(float* a, float v) { return atomicAdd(a, -v); }
inline float atomicExch(float* a, float v) {
    float old;
    __atomic_exchange(a, &v, &old, __ATOMIC_SEQ_CST);
    return old;
}
inline float atomicMin(float* a, float v) { return kj::atomic_rmw_cas<float>(a, kj::op_min<float>, v); }
inline float atomicMax(float* a, float v) { return kj::atomic_rmw_cas<float>(a, kj::op_max<float>, v); }
inline double atomicMin(double* a, double v) { return kj::atomic_rmw_cas<double>(a, kj::op_min<double>, v); }
inline double atomicMax(double* a, double v) { return kj::atomic_rmw_cas<double>(a, kj::op_max<double>, v); }

inline unsigned int atomicInc(unsigned int* a, unsigned int limit) {
    unsigned int old = __atomic_load_n(a, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(a, &old, old >= limit ? 0u : old + 1u, true,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
    }
    return old;
}
inline unsigned int atomicDec(unsigned int* a, unsigned int limit) {
    unsigned int old = __atomic_load_n(a, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(a, &old, (old == 0 || old > limit) ? limit : old - 1u,
                                        true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
    }
    return old;
}

// the _block and _system scopes are the same operations on a CPU
#define KJ_SCOPED(NAME)                                                            \
    template <class T, class... R>                                                 \
    inline auto NAME##_block(T* a, R... r) { return NAME(a, r...); }               \
    template <class T, class... R>                                                 \
    inline auto NAME##_system(T* a, R... r) { return NAME(a, r...); }
KJ_SCOPED(atomicAdd)
KJ_SCOPED(atomicSub)
KJ_SCOPED(atomicExch)
KJ_SCOPED(atomicMin)
KJ_SCOPED(atomicMax)
KJ_SCOPED(atomicAnd)
KJ_SCOPED(atomicOr)
KJ_SCOPED(atomicXor)
KJ_SCOPED(atomicCAS)
KJ_SCOPED(atomicInc)
KJ_SCOPED(atomicDec)
#undef KJ_SCOPED
