// CPU emulation of CUDA: keywords, built-in variables, vector types and the launch glue.
// Everything the user's translation unit sees of the runtime goes through these headers; the
// runtime itself (../../src) is compiled once and linked into every solution.
#pragma once

// Standard headers that nvcc's cuda_runtime.h makes visible, included before the keyword
// macros below (libstdc++ spells __attribute__((__noinline__)) in <memory>).
#include <algorithm>
#include <assert.h>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <memory>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tuple>
#include <type_traits>
#include <utility>

#define KJ_EMULATION 1
#define KJ_API __attribute__((visibility("hidden")))

#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define __maxnreg__(...)
#define __grid_constant__
#define __device_builtin__
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __cudart_builtin__
#define CUDART_CB
#define __CUDA_ARCH_LIST__ 900
// __shared__ and extern __shared__ are rewritten by the source step (runner/languages/cuda/
// cpu_build.py); a definition here keeps code that bypasses it compiling.
#ifndef __shared__
#define __shared__ static thread_local
#endif

#include "vector_types.h"

struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    constexpr operator uint3() const { return uint3{x, y, z}; }
};

namespace kj {
// The GPU thread running now (set by the scheduler before it resumes a thread).
struct Coords {
    uint3 thread;
    uint3 block;
    dim3 block_dim;
    dim3 grid_dim;
};
}  // namespace kj

// Read-only to the user's code, as on a GPU (the runtime, which sets them, sees them writable):
// the compiler then leaves their reads out of the lost-update check's instrumentation
// (emu/src/race.cpp). Each holds one value for a GPU thread's whole life: the scheduler sets
// them before it starts or resumes the thread.
#ifdef KJ_RUNTIME_SOURCE
#define KJ_BUILTIN_VARIABLE
#else
#define KJ_BUILTIN_VARIABLE const
#endif
extern KJ_BUILTIN_VARIABLE __thread uint3 threadIdx __attribute__((visibility("hidden")));
extern KJ_BUILTIN_VARIABLE __thread uint3 blockIdx __attribute__((visibility("hidden")));
extern KJ_BUILTIN_VARIABLE __thread dim3 blockDim __attribute__((visibility("hidden")));
extern KJ_BUILTIN_VARIABLE __thread dim3 gridDim __attribute__((visibility("hidden")));
static constexpr int warpSize = 32;

namespace kj {
using Thunk = void (*)(void* closure);

struct LaunchConfig {
    const char* kernel;  // the kernel expression as written, for messages
    int line;            // the launch's line in solution.cu
    dim3 grid;
    dim3 block;
    size_t smem;
    void* stream;
};

// Runs every block of a launch to the end (launches are synchronous); returns a cudaError_t.
KJ_API int launch(const LaunchConfig& cfg, Thunk thunk, void* closure);

template <class... A>
struct LaunchBundle {
    LaunchConfig cfg;
    std::tuple<std::decay_t<A>...> args;
};

struct LaunchCfg {
    LaunchConfig cfg;
    template <class... A>
    LaunchBundle<A...> operator()(A&&... a) const {
        return LaunchBundle<A...>{cfg, std::tuple<std::decay_t<A>...>(std::forward<A>(a)...)};
    }
};

template <class G, class B>
inline LaunchCfg cfg(const char* kernel, int line, G grid, B block, size_t smem = 0,
                     const void* stream = nullptr) {
    return LaunchCfg{LaunchConfig{kernel, line, dim3(grid), dim3(block), smem,
                                  const_cast<void*>(stream)}};
}

template <class F, class... A>
struct Closure {
    F* body;
    std::tuple<std::decay_t<A>...>* args;
    static void run(void* self) {
        auto* c = static_cast<Closure*>(self);
        std::apply(*c->body, *c->args);  // each GPU thread gets its own copies of the arguments
    }
};

// `[&](auto&&... a) { K(a...); } | ::kj::cfg(...)(args)`: the source step's form of
// K<<<...>>>(args).
template <class F, class... A>
inline void operator|(F&& body, LaunchBundle<A...>&& bundle) {
    Closure<std::remove_reference_t<F>, A...> c{&body, &bundle.args};
    launch(bundle.cfg, &Closure<std::remove_reference_t<F>, A...>::run, &c);
}

// The block's dynamic shared memory (extern __shared__), one buffer per worker thread.
KJ_API void* dynamic_smem();

// extern __shared__ T name[] at file scope: usable where the array would be.
template <class T>
struct DynamicShared {
    T* get() const { return static_cast<T*>(dynamic_smem()); }
    operator T*() const { return get(); }
    template <class U>
    explicit operator U*() const { return reinterpret_cast<U*>(get()); }
    T& operator[](long i) const { return get()[i]; }
    T* operator+(long i) const { return get() + i; }
    T& operator*() const { return *get(); }
};
}  // namespace kj
