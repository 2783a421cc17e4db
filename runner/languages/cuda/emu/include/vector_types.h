// CUDA's vector types (no arithmetic operators: CUDA defines none) and make_* functions.
#pragma once

#define KJ_VEC1(T, N, A)                                                 \
    struct __attribute__((aligned(A))) N##1 { T x; };                    \
    static inline N##1 make_##N##1(T x) { return N##1{x}; }
#define KJ_VEC2(T, N, A)                                                 \
    struct __attribute__((aligned(A))) N##2 { T x, y; };                 \
    static inline N##2 make_##N##2(T x, T y) { return N##2{x, y}; }
#define KJ_VEC3(T, N)                                                    \
    struct N##3 { T x, y, z; };                                          \
    static inline N##3 make_##N##3(T x, T y, T z) { return N##3{x, y, z}; }
#define KJ_VEC4(T, N, A)                                                 \
    struct __attribute__((aligned(A))) N##4 { T x, y, z, w; };           \
    static inline N##4 make_##N##4(T x, T y, T z, T w) { return N##4{x, y, z, w}; }
#define KJ_VECS(T, N, A1, A2, A4) KJ_VEC1(T, N, A1) KJ_VEC2(T, N, A2) KJ_VEC3(T, N) KJ_VEC4(T, N, A4)

KJ_VECS(signed char, char, 1, 2, 4)
KJ_VECS(unsigned char, uchar, 1, 2, 4)
KJ_VECS(short, short, 2, 4, 8)
KJ_VECS(unsigned short, ushort, 2, 4, 8)
KJ_VECS(int, int, 4, 8, 16)
KJ_VECS(unsigned int, uint, 4, 8, 16)
KJ_VECS(long, long, 8, 16, 16)
KJ_VECS(unsigned long, ulong, 8, 16, 16)
KJ_VECS(long long, longlong, 8, 16, 16)
KJ_VECS(unsigned long long, ulonglong, 8, 16, 16)
KJ_VECS(float, float, 4, 8, 16)
KJ_VECS(double, double, 8, 16, 16)

#undef KJ_VEC1
#undef KJ_VEC2
#undef KJ_VEC3
#undef KJ_VEC4
#undef KJ_VECS
