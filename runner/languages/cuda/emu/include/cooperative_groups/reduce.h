// cg::reduce over a tile (a butterfly of shuffles: every lane gets the result) and the
// operators it takes.
#pragma once
#include <cooperative_groups.h>

namespace cooperative_groups {
template <class T = void>
struct plus { T operator()(const T& a, const T& b) const { return a + b; } };
template <class T = void>
struct less { T operator()(const T& a, const T& b) const { return b < a ? b : a; } };
template <class T = void>
struct greater { T operator()(const T& a, const T& b) const { return a < b ? b : a; } };
template <class T = void>
struct bit_and { T operator()(const T& a, const T& b) const { return a & b; } };
template <class T = void>
struct bit_or { T operator()(const T& a, const T& b) const { return a | b; } };
template <class T = void>
struct bit_xor { T operator()(const T& a, const T& b) const { return a ^ b; } };

template <unsigned N, class P, class T, class Op>
inline T reduce(const thread_block_tile<N, P>& g, T val, Op op) {
    for (unsigned o = N / 2; o > 0; o /= 2) val = op(val, g.shfl_xor(val, o));
    return val;
}
template <unsigned N, class P, class T, class Op>
inline T inclusive_scan(const thread_block_tile<N, P>& g, T val, Op op) {
    for (unsigned d = 1; d < N; d *= 2) {
        T other = g.shfl_up(val, d);
        if (g.thread_rank() >= d) val = op(val, other);
    }
    return val;
}
template <unsigned N, class P, class T>
inline T inclusive_scan(const thread_block_tile<N, P>& g, T val) {
    return inclusive_scan(g, val, plus<T>());
}
template <unsigned N, class P, class T, class Op>
inline T exclusive_scan(const thread_block_tile<N, P>& g, T val, Op op) {
    T inc = inclusive_scan(g, val, op);
    T prev = g.shfl_up(inc, 1);
    return g.thread_rank() == 0 ? T() : prev;
}
template <unsigned N, class P, class T>
inline T exclusive_scan(const thread_block_tile<N, P>& g, T val) {
    return exclusive_scan(g, val, plus<T>());
}
}  // namespace cooperative_groups
