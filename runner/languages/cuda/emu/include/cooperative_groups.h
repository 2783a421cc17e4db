// Cooperative groups: the thread block, tiles of a warp (thread_block_tile<N>, N <= 32) with
// their shuffles and votes, coalesced_threads(); cg::reduce lives in cooperative_groups/reduce.h.
// Grid-wide groups need a cooperative launch and are not emulated.
#pragma once
#include <cuda_runtime.h>

namespace cooperative_groups {
namespace details {
inline unsigned linear_tid() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
inline unsigned block_size() { return blockDim.x * blockDim.y * blockDim.z; }
}  // namespace details

class thread_block {
public:
    void sync(int line = __builtin_LINE()) const { __syncthreads(line); }
    unsigned thread_rank() const { return details::linear_tid(); }
    unsigned size() const { return details::block_size(); }
    unsigned long long num_threads() const { return details::block_size(); }
    dim3 group_index() const { return dim3(blockIdx); }
    dim3 thread_index() const { return dim3(threadIdx); }
    dim3 group_dim() const { return blockDim; }
    dim3 dim_threads() const { return blockDim; }
    static constexpr bool is_block = true;
};
inline thread_block this_thread_block() { return thread_block(); }

// a group of lanes of one warp: the tiles of tiled_partition and coalesced_threads()
class thread_group {
public:
    thread_group(unsigned mask, unsigned size, unsigned rank, unsigned meta_rank, unsigned meta_size)
        : mask_(mask), size_(size), rank_(rank), meta_rank_(meta_rank), meta_size_(meta_size) {}
    thread_group(const thread_block&)
        : mask_(0), size_(details::block_size()), rank_(details::linear_tid()), meta_rank_(0), meta_size_(1) {}
    void sync(int line = __builtin_LINE()) const {
        if (mask_) __syncwarp(mask_, line); else __syncthreads(line);
    }
    unsigned thread_rank() const { return rank_; }
    unsigned size() const { return size_; }
    unsigned long long num_threads() const { return size_; }
    unsigned meta_group_rank() const { return meta_rank_; }
    unsigned meta_group_size() const { return meta_size_; }
    unsigned mask() const { return mask_; }

protected:
    unsigned mask_, size_, rank_, meta_rank_, meta_size_;
};

template <unsigned N, class Parent = void>
class thread_block_tile : public thread_group {
    static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0, "tiles of 1 to 32 threads, a power of two");
    static unsigned base() { return (details::linear_tid() % 32) / N * N; }

public:
    thread_block_tile()
        : thread_group(N == 32 ? 0xffffffffu : (((1u << N) - 1) << base()), N,
                       details::linear_tid() % N, details::linear_tid() / N,
                       (details::block_size() + N - 1) / N) {}
    template <class P2>
    thread_block_tile(const thread_block_tile<N, P2>& other) : thread_group(other) {}
    template <class T>
    T shfl(T var, int src, int line = __builtin_LINE()) const {
        return __shfl_sync(mask_, var, src, N, line);
    }
    template <class T>
    T shfl_down(T var, unsigned d, int line = __builtin_LINE()) const {
        return __shfl_down_sync(mask_, var, d, N, line);
    }
    template <class T>
    T shfl_up(T var, unsigned d, int line = __builtin_LINE()) const {
        return __shfl_up_sync(mask_, var, d, N, line);
    }
    template <class T>
    T shfl_xor(T var, unsigned m, int line = __builtin_LINE()) const {
        return __shfl_xor_sync(mask_, var, (int)m, N, line);
    }
    int any(int p, int line = __builtin_LINE()) const { return __any_sync(mask_, p, line); }
    int all(int p, int line = __builtin_LINE()) const { return __all_sync(mask_, p, line); }
    unsigned ballot(int p, int line = __builtin_LINE()) const {
        return __ballot_sync(mask_, p, line) >> base();
    }
    template <class T>
    unsigned match_any(T v, int line = __builtin_LINE()) const {
        return __match_any_sync(mask_, v, line) >> base();
    }
    template <class T>
    unsigned match_all(T v, int& pred, int line = __builtin_LINE()) const {
        return __match_all_sync(mask_, v, &pred, line) >> base();
    }
    void sync(int line = __builtin_LINE()) const { __syncwarp(mask_, line); }
};

template <unsigned N, class P>
inline thread_block_tile<N, P> tiled_partition(const P&) {
    return thread_block_tile<N, P>();
}
inline thread_group tiled_partition(const thread_block&, unsigned n) {
    unsigned lane = details::linear_tid() % 32, base = lane / n * n;
    unsigned mask = n >= 32 ? 0xffffffffu : (((1u << n) - 1) << base);
    return thread_group(mask, n, details::linear_tid() % n, details::linear_tid() / n,
                        (details::block_size() + n - 1) / n);
}

class coalesced_group : public thread_block_tile<32> {
public:
    coalesced_group() = default;
};
inline thread_group coalesced_threads() {
    unsigned m = __activemask(), lane = details::linear_tid() % 32;
    return thread_group(m, (unsigned)__popc(m), (unsigned)__popc(m & ((1u << lane) - 1)), 0, 1);
}

inline void sync(const thread_block& g, int line = __builtin_LINE()) { g.sync(line); }
inline void sync(const thread_group& g, int line = __builtin_LINE()) { g.sync(line); }
}  // namespace cooperative_groups
