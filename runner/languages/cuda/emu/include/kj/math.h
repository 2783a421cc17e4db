// CUDA's device math: min/max overloads, the fast-math and rounding intrinsics (computed
// exactly: the CPU result is the correctly rounded one), bit tricks and reinterpretations.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

// min/max as CUDA declares them: non-template overloads, preferred over std::min/std::max
// when both are visible (`using namespace std;`).
#define KJ_MINMAX(T)                                            \
    inline T min(T a, T b) { return b < a ? b : a; }            \
    inline T max(T a, T b) { return a < b ? b : a; }
KJ_MINMAX(int)
KJ_MINMAX(unsigned int)
KJ_MINMAX(long)
KJ_MINMAX(unsigned long)
KJ_MINMAX(long long)
KJ_MINMAX(unsigned long long)
KJ_MINMAX(short)
KJ_MINMAX(unsigned short)
KJ_MINMAX(signed char)
KJ_MINMAX(unsigned char)
#undef KJ_MINMAX
inline float min(float a, float b) { return fminf(a, b); }
inline float max(float a, float b) { return fmaxf(a, b); }
inline double min(double a, double b) { return fmin(a, b); }
inline double max(double a, double b) { return fmax(a, b); }
inline double min(float a, double b) { return fmin(a, b); }
inline double min(double a, float b) { return fmin(a, b); }
inline double max(float a, double b) { return fmax(a, b); }
inline double max(double a, float b) { return fmax(a, b); }
inline unsigned int min(int a, unsigned int b) { return min((unsigned int)a, b); }
inline unsigned int min(unsigned int a, int b) { return min(a, (unsigned int)b); }
inline unsigned int max(int a, unsigned int b) { return max((unsigned int)a, b); }
inline unsigned int max(unsigned int a, int b) { return max(a, (unsigned int)b); }
inline long long min(long long a, int b) { return min(a, (long long)b); }
inline long long min(int a, long long b) { return min((long long)a, b); }
inline long long max(long long a, int b) { return max(a, (long long)b); }
inline long long max(int a, long long b) { return max((long long)a, b); }
inline float min(float a, int b) { return fminf(a, (float)b); }
inline float min(int a, float b) { return fminf((float)a, b); }
inline float max(float a, int b) { return fmaxf(a, (float)b); }
inline float max(int a, float b) { return fmaxf((float)a, b); }
inline unsigned long min(unsigned long a, int b) { return min(a, (unsigned long)b); }
inline unsigned long min(int a, unsigned long b) { return min((unsigned long)a, b); }
inline unsigned long max(unsigned long a, int b) { return max(a, (unsigned long)b); }
inline unsigned long max(int a, unsigned long b) { return max((unsigned long)a, b); }
inline long min(long a, int b) { return min(a, (long)b); }
inline long min(int a, long b) { return min((long)a, b); }
inline long max(long a, int b) { return max(a, (long)b); }
inline long max(int a, long b) { return max((long)a, b); }

inline float __expf(float x) { return expf(x); }
inline float __exp10f(float x) { return exp10f(x); }
inline float __logf(float x) { return logf(x); }
inline float __log2f(float x) { return log2f(x); }
inline float __log10f(float x) { return log10f(x); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __tanf(float x) { return tanf(x); }
inline void __sincosf(float x, float* s, float* c) { *s = sinf(x); *c = cosf(x); }
inline float __powf(float x, float y) { return powf(x, y); }
inline float __fdividef(float x, float y) { return x / y; }
inline float __fdiv_rn(float x, float y) { return x / y; }
inline float __fadd_rn(float x, float y) { return x + y; }
inline float __fsub_rn(float x, float y) { return x - y; }
inline float __fmul_rn(float x, float y) { return x * y; }
inline float __fmaf_rn(float x, float y, float z) { return fmaf(x, y, z); }
inline float __fmaf_rz(float x, float y, float z) { return fmaf(x, y, z); }
inline float __frcp_rn(float x) { return 1.0f / x; }
inline float __fsqrt_rn(float x) { return sqrtf(x); }
inline float __frsqrt_rn(float x) { return 1.0f / sqrtf(x); }
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
inline double __dadd_rn(double x, double y) { return x + y; }
inline double __dsub_rn(double x, double y) { return x - y; }
inline double __dmul_rn(double x, double y) { return x * y; }
inline double __ddiv_rn(double x, double y) { return x / y; }
inline double __fma_rn(double x, double y, double z) { return fma(x, y, z); }
inline double __drcp_rn(double x) { return 1.0 / x; }
inline double __dsqrt_rn(double x) { return sqrt(x); }
inline float __saturatef(float x) { return x != x ? 0.0f : (x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x)); }
inline float saturate(float x) { return __saturatef(x); }
inline void sincospif(float x, float* s, float* c) { *s = sinf((float)M_PI * x); *c = cosf((float)M_PI * x); }
inline float sinpif(float x) { return sinf((float)M_PI * x); }
inline float cospif(float x) { return cosf((float)M_PI * x); }
inline float normcdff(float x) { return 0.5f * erfcf(-x * 0.70710678118654752f); }
inline double normcdf(double x) { return 0.5 * erfc(-x * 0.70710678118654752); }
inline float fdividef(float x, float y) { return x / y; }
inline void sincospi(double x, double* s, double* c) { *s = sin(M_PI * x); *c = cos(M_PI * x); }
inline double sinpi(double x) { return sin(M_PI * x); }
inline double cospi(double x) { return cos(M_PI * x); }
inline float rhypotf(float x, float y) { return 1.0f / hypotf(x, y); }
inline float norm3df(float a, float b, float c) { return sqrtf(a * a + b * b + c * c); }
inline float rnorm3df(float a, float b, float c) { return 1.0f / norm3df(a, b, c); }
inline float norm4df(float a, float b, float c, float d) { return sqrtf(a * a + b * b + c * c + d * d); }
inline double erfinv(double y) {
    if (y <= -1.0) return y == -1.0 ? -INFINITY : NAN;
    if (y >= 1.0) return y == 1.0 ? INFINITY : NAN;
    double w = -log((1.0 - y) * (1.0 + y)), x;  // Giles' approximation, then Newton steps
    if (w < 5.0) {
        w -= 2.5;
        x = 2.81022636e-08;
        x = 3.43273939e-07 + x * w; x = -3.5233877e-06 + x * w; x = -4.39150654e-06 + x * w;
        x = 0.00021858087 + x * w; x = -0.00125372503 + x * w; x = -0.00417768164 + x * w;
        x = 0.246640727 + x * w; x = 1.50140941 + x * w;
    } else {
        w = sqrt(w) - 3.0;
        x = -0.000200214257;
        x = 0.000100950558 + x * w; x = 0.00134934322 + x * w; x = -0.00367342844 + x * w;
        x = 0.00573950773 + x * w; x = -0.0076224613 + x * w; x = 0.00943887047 + x * w;
        x = 1.00167406 + x * w; x = 2.83297682 + x * w;
    }
    x *= y;
    for (int i = 0; i < 2; i++) x -= (erf(x) - y) / (2.0 / sqrt(M_PI) * exp(-x * x));
    return x;
}
inline float erfinvf(float y) { return (float)erfinv(y); }
inline double erfcinv(double y) { return erfinv(1.0 - y); }
inline float erfcinvf(float y) { return (float)erfinv(1.0 - (double)y); }
inline double normcdfinv(double p) { return -M_SQRT2 * erfcinv(2.0 * p); }
inline float normcdfinvf(float p) { return (float)normcdfinv(p); }

inline int __float_as_int(float x) { int i; std::memcpy(&i, &x, 4); return i; }
inline unsigned int __float_as_uint(float x) { unsigned int i; std::memcpy(&i, &x, 4); return i; }
inline float __int_as_float(int i) { float x; std::memcpy(&x, &i, 4); return x; }
inline float __uint_as_float(unsigned int i) { float x; std::memcpy(&x, &i, 4); return x; }
inline long long __double_as_longlong(double x) { long long i; std::memcpy(&i, &x, 8); return i; }
inline double __longlong_as_double(long long i) { double x; std::memcpy(&x, &i, 8); return x; }
inline int __double2hiint(double x) { return (int)(__double_as_longlong(x) >> 32); }
inline int __double2loint(double x) { return (int)__double_as_longlong(x); }
inline double __hiloint2double(int hi, int lo) {
    return __longlong_as_double((long long)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo));
}

inline int __float2int_rn(float x) { return (int)nearbyintf(x); }
inline int __float2int_rz(float x) { return (int)truncf(x); }
inline int __float2int_rd(float x) { return (int)floorf(x); }
inline int __float2int_ru(float x) { return (int)ceilf(x); }
inline unsigned int __float2uint_rn(float x) { return (unsigned int)nearbyintf(x); }
inline unsigned int __float2uint_rz(float x) { return (unsigned int)truncf(x); }
inline long long __float2ll_rn(float x) { return (long long)nearbyintf(x); }
inline long long __float2ll_rz(float x) { return (long long)truncf(x); }
inline int __double2int_rn(double x) { return (int)nearbyint(x); }
inline int __double2int_rz(double x) { return (int)trunc(x); }
inline float __double2float_rn(double x) { return (float)x; }
inline float __int2float_rn(int x) { return (float)x; }
inline float __uint2float_rn(unsigned int x) { return (float)x; }
inline float __ll2float_rn(long long x) { return (float)x; }
inline double __int2double_rn(int x) { return (double)x; }

inline int __popc(unsigned int x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned int __brev(unsigned int x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
inline unsigned long long __brevll(unsigned long long x) {
    return ((unsigned long long)__brev((unsigned)x) << 32) | __brev((unsigned)(x >> 32));
}
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
    unsigned long long v = ((unsigned long long)y << 32) | x;
    unsigned int r = 0;
    for (int i = 0; i < 4; i++) r |= (unsigned)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
    return r;
}
inline unsigned int __umulhi(unsigned int a, unsigned int b) {
    return (unsigned int)(((unsigned long long)a * b) >> 32);
}
inline int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
    return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
inline long long __mul64hi(long long a, long long b) { return (long long)(((__int128)a * b) >> 64); }
inline int __mul24(int a, int b) { return ((a << 8) >> 8) * ((b << 8) >> 8); }
inline unsigned int __umul24(unsigned int a, unsigned int b) { return (a & 0xffffff) * (b & 0xffffff); }
inline int __hadd(int a, int b) { return (int)(((long long)a + b) >> 1); }
inline int __rhadd(int a, int b) { return (int)(((long long)a + b + 1) >> 1); }
inline unsigned int __uhadd(unsigned int a, unsigned int b) {
    return (unsigned int)(((unsigned long long)a + b) >> 1);
}
inline unsigned int __urhadd(unsigned int a, unsigned int b) {
    return (unsigned int)(((unsigned long long)a + b + 1) >> 1);
}
inline unsigned int __sad(int a, int b, unsigned int c) { return c + (unsigned)(a > b ? a - b : b - a); }
inline unsigned int __usad(unsigned int a, unsigned int b, unsigned int c) {
    return c + (a > b ? a - b : b - a);
}
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int s) {
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return (unsigned int)((v << (s & 31)) >> 32);
}
inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int s) {
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return (unsigned int)((v << (s > 32 ? 32 : s)) >> 32);
}
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int s) {
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return (unsigned int)(v >> (s & 31));
}
inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int s) {
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return (unsigned int)(v >> (s > 32 ? 32 : s));
}
inline int __dp4a(int a, int b, int c) {
    for (int i = 0; i < 4; i++) c += (int)(signed char)(a >> (8 * i)) * (int)(signed char)(b >> (8 * i));
    return c;
}
inline unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {
    for (int i = 0; i < 4; i++) c += ((a >> (8 * i)) & 0xff) * ((b >> (8 * i)) & 0xff);
    return c;
}
