// The 8-bit float types (__nv_fp8_e4m3, __nv_fp8_e5m2): conversions from float round to
// nearest even and saturate to the largest finite value (__NV_SATFINITE, the types' default).
#pragma once
#include <cuda_runtime.h>

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE };
enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 };

namespace kj {
// mantissa bits, exponent bias, largest finite value's bits, NaN bits
inline float fp8_to_float(unsigned char b, int mbits, int bias, bool e4m3) {
    int sign = b >> 7, e = (b >> mbits) & ((1 << (7 - mbits)) - 1), m = b & ((1 << mbits) - 1);
    float v;
    if (e4m3 && e == 15 && m == 7) return NAN;
    if (!e4m3 && e == 31) return m ? NAN : (sign ? -INFINITY : INFINITY);
    if (e == 0)
        v = ldexpf((float)m, 1 - bias - mbits);
    else
        v = ldexpf(1.0f + (float)m / (float)(1 << mbits), e - bias);
    return sign ? -v : v;
}
inline unsigned char float_to_fp8(float x, int mbits, int bias, float max_finite,
                                  unsigned char max_bits, unsigned char nan_bits, bool saturate,
                                  unsigned char inf_bits) {
    unsigned char sign = std::signbit(x) ? 0x80 : 0;
    if (x != x) return nan_bits;
    double a = std::fabs((double)x);
    if (std::isinf(a)) return saturate ? (unsigned char)(sign | max_bits) : (unsigned char)(sign | inf_bits);
    double min_normal = std::ldexp(1.0, 1 - bias);
    int e2;
    std::frexp(a, &e2);  // a = f * 2^e2, f in [0.5, 1)
    double quantum = a < min_normal ? std::ldexp(1.0, 1 - bias - mbits) : std::ldexp(1.0, e2 - 1 - mbits);
    double q = std::nearbyint(a / quantum) * quantum;  // round to nearest even
    if (q > max_finite) return saturate ? (unsigned char)(sign | max_bits) : (unsigned char)(sign | inf_bits);
    if (q == 0) return sign;
    if (q < min_normal) return (unsigned char)(sign | (unsigned char)(q / std::ldexp(1.0, 1 - bias - mbits)));
    std::frexp(q, &e2);
    int mant = (int)((q / std::ldexp(1.0, e2 - 1) - 1.0) * (1 << mbits) + 0.5);
    return (unsigned char)(sign | ((e2 - 1 + bias) << mbits) | mant);
}
inline unsigned char f2e4m3(float x, bool sat = true) { return float_to_fp8(x, 3, 7, 448.0f, 0x7e, 0x7f, sat, 0x7f); }
inline unsigned char f2e5m2(float x, bool sat = true) { return float_to_fp8(x, 2, 15, 57344.0f, 0x7b, 0x7f, sat, 0x7c); }
inline float e4m32f(unsigned char b) { return fp8_to_float(b, 3, 7, true); }
inline float e5m22f(unsigned char b) { return fp8_to_float(b, 2, 15, false); }
}  // namespace kj

#define KJ_FP8(T, TOF, FROMF)                                                                  \
    struct __attribute__((aligned(1))) T {                                                     \
        __nv_fp8_storage_t __x;                                                                \
        T() = default;                                                                         \
        explicit T(float f) : __x(kj::FROMF(f)) {}                                             \
        explicit T(double f) : __x(kj::FROMF((float)f)) {}                                     \
        explicit T(__half h) : __x(kj::FROMF((float)h)) {}                                     \
        explicit T(__nv_bfloat16 h) : __x(kj::FROMF((float)h)) {}                              \
        explicit T(int i) : __x(kj::FROMF((float)i)) {}                                        \
        explicit operator float() const { return kj::TOF(__x); }                               \
        explicit operator double() const { return kj::TOF(__x); }                              \
        explicit operator __half() const { return __half(kj::TOF(__x)); }                      \
        explicit operator __nv_bfloat16() const { return __nv_bfloat16(kj::TOF(__x)); }        \
        explicit operator bool() const { return (__x & 0x7f) != 0; }                           \
    };
KJ_FP8(__nv_fp8_e4m3, e4m32f, f2e4m3)
KJ_FP8(__nv_fp8_e5m2, e5m22f, f2e5m2)
#undef KJ_FP8

struct __attribute__((aligned(2))) __nv_fp8x2_e4m3 {
    __nv_fp8x2_storage_t __x;
    __nv_fp8x2_e4m3() = default;
    explicit __nv_fp8x2_e4m3(float2 f)
        : __x((unsigned short)(kj::f2e4m3(f.x) | (kj::f2e4m3(f.y) << 8))) {}
    explicit operator float2() const { return float2{kj::e4m32f(__x & 0xff), kj::e4m32f(__x >> 8)}; }
};
struct __attribute__((aligned(4))) __nv_fp8x4_e4m3 {
    unsigned int __x;
    __nv_fp8x4_e4m3() = default;
    explicit __nv_fp8x4_e4m3(float4 f)
        : __x(kj::f2e4m3(f.x) | (kj::f2e4m3(f.y) << 8) | (kj::f2e4m3(f.z) << 16) |
              ((unsigned)kj::f2e4m3(f.w) << 24)) {}
    explicit operator float4() const {
        return float4{kj::e4m32f(__x & 0xff), kj::e4m32f((__x >> 8) & 0xff),
                      kj::e4m32f((__x >> 16) & 0xff), kj::e4m32f(__x >> 24)};
    }
};
typedef __nv_fp8_e4m3 fp8_e4m3;
typedef __nv_fp8_e5m2 fp8_e5m2;

inline __nv_fp8_storage_t __nv_cvt_float_to_fp8(float x, __nv_saturation_t sat,
                                                __nv_fp8_interpretation_t kind) {
    return kind == __NV_E4M3 ? kj::f2e4m3(x, sat == __NV_SATFINITE) : kj::f2e5m2(x, sat == __NV_SATFINITE);
}
inline __nv_fp8_storage_t __nv_cvt_double_to_fp8(double x, __nv_saturation_t sat,
                                                 __nv_fp8_interpretation_t kind) {
    return __nv_cvt_float_to_fp8((float)x, sat, kind);
}
inline __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t x, __nv_fp8_interpretation_t kind) {
    return (__half_raw)__half(kind == __NV_E4M3 ? kj::e4m32f(x) : kj::e5m22f(x));
}
