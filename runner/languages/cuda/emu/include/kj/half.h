// __half, __half2, __nv_bfloat16, __nv_bfloat162: 16-bit storage, conversions rounded to
// nearest even, arithmetic in float rounded back once (exact for + - * / and sqrt: float
// carries more than twice the bits of either format, plus two).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace kj {
inline uint32_t fbits(float f) { uint32_t x; std::memcpy(&x, &f, 4); return x; }
inline float bitsf(uint32_t x) { float f; std::memcpy(&f, &x, 4); return f; }

inline unsigned short f2h(float f) {
    uint32_t x = fbits(f);
    uint32_t sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
    if (ax > 0x7f800000u) return 0x7fff;                    // NaN (CUDA's canonical one)
    if (ax >= 0x477ff000u) return (unsigned short)(sign | 0x7c00u);  // rounds past 65504
    if (ax < 0x33000000u) return (unsigned short)sign;      // below half the least subnormal
    if (ax < 0x38800000u) {                                  // a subnormal half
        uint32_t m = (ax & 0x7fffffu) | 0x800000u;
        int shift = 126 - (int)(ax >> 23);
        uint32_t q = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rem > half || (rem == half && (q & 1))) q++;
        return (unsigned short)(sign | q);
    }
    uint32_t h = (ax - 0x38000000u) >> 13, rem = ax & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1))) h++;
    return (unsigned short)(sign | h);
}
inline float h2f(unsigned short h) {
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0) {
        if (m == 0) return bitsf(sign);
        int s = 0;
        while (!(m & 0x400u)) { m <<= 1; s++; }
        return bitsf(sign | ((uint32_t)(113 - s) << 23) | ((m & 0x3ffu) << 13));
    }
    if (e == 31) return bitsf(sign | 0x7f800000u | (m << 13));
    return bitsf(sign | ((e + 112) << 23) | (m << 13));
}
inline unsigned short f2bf(float f) {
    uint32_t x = fbits(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) return 0x7fff;
    return (unsigned short)((x + 0x7fffu + ((x >> 16) & 1)) >> 16);
}
inline float bf2f(unsigned short b) { return bitsf((uint32_t)b << 16); }
}  // namespace kj

struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };
struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };

#define KJ_HALF_TYPE(H, RAW, TOF, FROMF)                                                   \
    struct __attribute__((aligned(2))) H {                                                 \
        unsigned short __x;                                                                \
        H() = default;                                                                     \
        constexpr H(const RAW& r) : __x(r.x) {}                                            \
        H(float f) : __x(kj::FROMF(f)) {}                                                  \
        H(double f) : __x(kj::FROMF((float)f)) {}                                          \
        H(int i) : __x(kj::FROMF((float)i)) {}                                             \
        H(unsigned int i) : __x(kj::FROMF((float)i)) {}                                    \
        H(long long i) : __x(kj::FROMF((float)i)) {}                                       \
        H(unsigned long long i) : __x(kj::FROMF((float)i)) {}                              \
        H(short i) : __x(kj::FROMF((float)i)) {}                                           \
        H(unsigned short i) : __x(kj::FROMF((float)i)) {}                                  \
        operator float() const { return kj::TOF(__x); }                                    \
        operator RAW() const { return RAW{__x}; }                                          \
        H& operator=(const RAW& r) { __x = r.x; return *this; }                            \
        H& operator=(float f) { __x = kj::FROMF(f); return *this; }                        \
        H& operator=(double f) { __x = kj::FROMF((float)f); return *this; }                \
        explicit operator bool() const { return (__x & 0x7fff) != 0; }                     \
    };                                                                                     \
    inline H operator+(const H& a, const H& b) { return H((float)a + (float)b); }          \
    inline H operator-(const H& a, const H& b) { return H((float)a - (float)b); }          \
    inline H operator*(const H& a, const H& b) { return H((float)a * (float)b); }          \
    inline H operator/(const H& a, const H& b) { return H((float)a / (float)b); }          \
    inline H& operator+=(H& a, const H& b) { return a = a + b; }                           \
    inline H& operator-=(H& a, const H& b) { return a = a - b; }                           \
    inline H& operator*=(H& a, const H& b) { return a = a * b; }                           \
    inline H& operator/=(H& a, const H& b) { return a = a / b; }                           \
    inline H operator-(const H& a) { H r; r.__x = a.__x ^ 0x8000; return r; }             \
    inline H operator+(const H& a) { return a; }                                           \
    inline H& operator++(H& a) { return a = a + H(1.0f); }                                 \
    inline H& operator--(H& a) { return a = a - H(1.0f); }                                 \
    inline H operator++(H& a, int) { H o = a; ++a; return o; }                             \
    inline H operator--(H& a, int) { H o = a; --a; return o; }                             \
    inline bool operator==(const H& a, const H& b) { return (float)a == (float)b; }        \
    inline bool operator!=(const H& a, const H& b) { return (float)a != (float)b; }        \
    inline bool operator<(const H& a, const H& b) { return (float)a < (float)b; }          \
    inline bool operator>(const H& a, const H& b) { return (float)a > (float)b; }          \
    inline bool operator<=(const H& a, const H& b) { return (float)a <= (float)b; }        \
    inline bool operator>=(const H& a, const H& b) { return (float)a >= (float)b; }

KJ_HALF_TYPE(__half, __half_raw, h2f, f2h)
KJ_HALF_TYPE(__nv_bfloat16, __nv_bfloat16_raw, bf2f, f2bf)
#undef KJ_HALF_TYPE
typedef __half half;
typedef __nv_bfloat16 nv_bfloat16;

#define KJ_PAIR_TYPE(H2, H, RAW2)                                                          \
    struct __attribute__((aligned(4))) H2 {                                                \
        H x, y;                                                                            \
        H2() = default;                                                                    \
        constexpr H2(const H& a, const H& b) : x(a), y(b) {}                               \
        H2(const RAW2& r) { x.__x = r.x; y.__x = r.y; }                                    \
        operator RAW2() const { return RAW2{x.__x, y.__x}; }                               \
    };                                                                                     \
    inline H2 operator+(const H2& a, const H2& b) { return H2(a.x + b.x, a.y + b.y); }     \
    inline H2 operator-(const H2& a, const H2& b) { return H2(a.x - b.x, a.y - b.y); }     \
    inline H2 operator*(const H2& a, const H2& b) { return H2(a.x * b.x, a.y * b.y); }     \
    inline H2 operator/(const H2& a, const H2& b) { return H2(a.x / b.x, a.y / b.y); }     \
    inline H2& operator+=(H2& a, const H2& b) { return a = a + b; }                        \
    inline H2& operator-=(H2& a, const H2& b) { return a = a - b; }                        \
    inline H2& operator*=(H2& a, const H2& b) { return a = a * b; }                        \
    inline H2& operator/=(H2& a, const H2& b) { return a = a / b; }                        \
    inline H2 operator-(const H2& a) { return H2(-a.x, -a.y); }                            \
    inline bool operator==(const H2& a, const H2& b) { return a.x == b.x && a.y == b.y; }  \
    inline bool operator!=(const H2& a, const H2& b) { return !(a == b); }

KJ_PAIR_TYPE(__half2, __half, __half2_raw)
KJ_PAIR_TYPE(__nv_bfloat162, __nv_bfloat16, __nv_bfloat162_raw)
#undef KJ_PAIR_TYPE
typedef __half2 half2;
typedef __nv_bfloat162 nv_bfloat162;

// conversions
inline __half __float2half(float f) { return __half(f); }
inline __half __float2half_rn(float f) { return __half(f); }
inline __half __double2half(double f) { return __half(f); }
inline float __half2float(__half h) { return (float)h; }
inline __half __int2half_rn(int i) { return __half((float)i); }
inline __half __uint2half_rn(unsigned int i) { return __half((float)i); }
inline int __half2int_rn(__half h) { return (int)nearbyintf((float)h); }
inline int __half2int_rz(__half h) { return (int)truncf((float)h); }
inline short __half_as_short(__half h) { return (short)h.__x; }
inline unsigned short __half_as_ushort(__half h) { return h.__x; }
inline __half __short_as_half(short s) { return __half_raw{(unsigned short)s}; }
inline __half __ushort_as_half(unsigned short s) { return __half_raw{s}; }
inline __half2 __float2half2_rn(float f) { return __half2(__half(f), __half(f)); }
inline __half2 __floats2half2_rn(float a, float b) { return __half2(__half(a), __half(b)); }
inline __half2 __float22half2_rn(float2 f) { return __half2(__half(f.x), __half(f.y)); }
inline float2 __half22float2(__half2 h) { return float2{(float)h.x, (float)h.y}; }
inline __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
inline __half2 __half2half2(__half a) { return __half2(a, a); }
inline __half2 make_half2(__half a, __half b) { return __half2(a, b); }
inline __half __low2half(__half2 h) { return h.x; }
inline __half __high2half(__half2 h) { return h.y; }
inline float __low2float(__half2 h) { return (float)h.x; }
inline float __high2float(__half2 h) { return (float)h.y; }
inline __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
inline __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
inline __half2 __lowhigh2highlow(__half2 h) { return __half2(h.y, h.x); }
inline __nv_bfloat16 __float2bfloat16(float f) { return __nv_bfloat16(f); }
inline __nv_bfloat16 __float2bfloat16_rn(float f) { return __nv_bfloat16(f); }
inline __nv_bfloat16 __double2bfloat16(double f) { return __nv_bfloat16(f); }
inline float __bfloat162float(__nv_bfloat16 h) { return (float)h; }
inline __nv_bfloat16 __int2bfloat16_rn(int i) { return __nv_bfloat16((float)i); }
inline short __bfloat16_as_short(__nv_bfloat16 h) { return (short)h.__x; }
inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__x; }
inline __nv_bfloat16 __short_as_bfloat16(short s) { return __nv_bfloat16_raw{(unsigned short)s}; }
inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short s) { return __nv_bfloat16_raw{s}; }
inline __nv_bfloat162 __float2bfloat162_rn(float f) {
    return __nv_bfloat162(__nv_bfloat16(f), __nv_bfloat16(f));
}
inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b) {
    return __nv_bfloat162(__nv_bfloat16(a), __nv_bfloat16(b));
}
inline __nv_bfloat162 __float22bfloat162_rn(float2 f) {
    return __nv_bfloat162(__nv_bfloat16(f.x), __nv_bfloat16(f.y));
}
inline float2 __bfloat1622float2(__nv_bfloat162 h) { return float2{(float)h.x, (float)h.y}; }
inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) {
    return __nv_bfloat162(a, b);
}
inline __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return __nv_bfloat162(a, a); }
inline __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) { return h.x; }
inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) { return h.y; }
inline __half __bfloat162half(__nv_bfloat16 b) { return __half((float)b); }

// arithmetic and comparison intrinsics, for both 16-bit formats
#define KJ_HALF_OPS(H, H2, SFX)                                                             \
    inline H __hadd(H a, H b) { return a + b; }                                             \
    inline H __hsub(H a, H b) { return a - b; }                                             \
    inline H __hmul(H a, H b) { return a * b; }                                             \
    inline H __hdiv(H a, H b) { return a / b; }                                             \
    inline H __hadd_sat(H a, H b) { return H(__saturatef((float)(a + b))); }                \
    inline H __hmul_sat(H a, H b) { return H(__saturatef((float)(a * b))); }                \
    inline H __hfma(H a, H b, H c) { return H((float)fma((double)(float)a, (float)b, (float)c)); } \
    inline H __hfma_sat(H a, H b, H c) { return H(__saturatef((float)__hfma(a, b, c))); }   \
    inline H __hneg(H a) { return -a; }                                                     \
    inline H __habs(H a) { H r = a; r.__x &= 0x7fff; return r; }                            \
    inline H __hmax(H a, H b) { return H(fmaxf((float)a, (float)b)); }                      \
    inline H __hmin(H a, H b) { return H(fminf((float)a, (float)b)); }                      \
    inline H __hmax_nan(H a, H b) { return (a != a || b != b) ? H(NAN) : __hmax(a, b); }    \
    inline H __hmin_nan(H a, H b) { return (a != a || b != b) ? H(NAN) : __hmin(a, b); }    \
    inline bool __heq(H a, H b) { return a == b; }                                          \
    inline bool __hne(H a, H b) { return a != b; }                                          \
    inline bool __hlt(H a, H b) { return a < b; }                                           \
    inline bool __hgt(H a, H b) { return a > b; }                                           \
    inline bool __hle(H a, H b) { return a <= b; }                                          \
    inline bool __hge(H a, H b) { return a >= b; }                                          \
    inline bool __hisnan(H a) { return (float)a != (float)a; }                              \
    inline int __hisinf(H a) { float f = (float)a; return std::isinf(f) ? (f > 0 ? 1 : -1) : 0; } \
    inline H hexp(H a) { return H(expf((float)a)); }                                        \
    inline H hexp2(H a) { return H(exp2f((float)a)); }                                      \
    inline H hexp10(H a) { return H(exp10f((float)a)); }                                    \
    inline H hlog(H a) { return H(logf((float)a)); }                                        \
    inline H hlog2(H a) { return H(log2f((float)a)); }                                      \
    inline H hlog10(H a) { return H(log10f((float)a)); }                                    \
    inline H hsqrt(H a) { return H(sqrtf((float)a)); }                                      \
    inline H hrsqrt(H a) { return H(1.0f / sqrtf((float)a)); }                              \
    inline H hrcp(H a) { return H(1.0f / (float)a); }                                       \
    inline H hsin(H a) { return H(sinf((float)a)); }                                        \
    inline H hcos(H a) { return H(cosf((float)a)); }                                        \
    inline H htanh(H a) { return H(tanhf((float)a)); }                                      \
    inline H hfloor(H a) { return H(floorf((float)a)); }                                    \
    inline H hceil(H a) { return H(ceilf((float)a)); }                                      \
    inline H htrunc(H a) { return H(truncf((float)a)); }                                    \
    inline H hrint(H a) { return H(nearbyintf((float)a)); }                                 \
    inline H2 __hadd2(H2 a, H2 b) { return a + b; }                                         \
    inline H2 __hsub2(H2 a, H2 b) { return a - b; }                                         \
    inline H2 __hmul2(H2 a, H2 b) { return a * b; }                                         \
    inline H2 __h2div(H2 a, H2 b) { return a / b; }                                         \
    inline H2 __hfma2(H2 a, H2 b, H2 c) { return H2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); } \
    inline H2 __hneg2(H2 a) { return -a; }                                                  \
    inline H2 __habs2(H2 a) { return H2(__habs(a.x), __habs(a.y)); }                        \
    inline H2 __hmax2(H2 a, H2 b) { return H2(__hmax(a.x, b.x), __hmax(a.y, b.y)); }        \
    inline H2 __hmin2(H2 a, H2 b) { return H2(__hmin(a.x, b.x), __hmin(a.y, b.y)); }        \
    inline H2 h2exp(H2 a) { return H2(hexp(a.x), hexp(a.y)); }                              \
    inline H2 h2log(H2 a) { return H2(hlog(a.x), hlog(a.y)); }                              \
    inline H2 h2sqrt(H2 a) { return H2(hsqrt(a.x), hsqrt(a.y)); }                           \
    inline H2 h2rsqrt(H2 a) { return H2(hrsqrt(a.x), hrsqrt(a.y)); }                        \
    inline H atomicAdd(H* p, H v) { return kj::atomic_rmw16<H>(p, kj::op_add<H>, v); }      \
    inline H2 atomicAdd(H2* p, H2 v) {                                                      \
        uint32_t* w = reinterpret_cast<uint32_t*>(p);                                       \
        uint32_t old = __atomic_load_n(w, __ATOMIC_RELAXED);                                \
        for (;;) {                                                                          \
            H2 o;                                                                           \
            std::memcpy(&o, &old, 4);                                                       \
            H2 n = o + v;                                                                   \
            uint32_t nb;                                                                    \
            std::memcpy(&nb, &n, 4);                                                        \
            if (__atomic_compare_exchange_n(w, &old, nb, true, __ATOMIC_SEQ_CST,            \
                                            __ATOMIC_RELAXED))                              \
                return o;                                                                   \
        }                                                                                   \
    }

KJ_HALF_OPS(__half, __half2, h)
KJ_HALF_OPS(__nv_bfloat16, __nv_bfloat162, bf)
#undef KJ_HALF_OPS
