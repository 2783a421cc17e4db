#define S0 "EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE"
#define S1 S0 S0
#define S2 S1 S1
#define S3 S2 S2
#define S4 S3 S3
#define S5 S4 S4
#define S6 S5 S5
#define S7 S6 S6
#define S8 S7 S7
#define S9 S8 S8
#define S10 S9 S9
#define S11 S10 S10
#define S12 S11 S11
#define S13 S12 S12
#define S14 S13 S13
#define E1 undefined_a + undefined_b + undefined_c + undefined_d
#define E2 E1 + E1 + E1 + E1
#define E3 E2 + E2 + E2 + E2
#define E4 E3 + E3 + E3 + E3
static_assert(false, S14);
int flood() { return E4; }
int flood2() { return E4 + E4 + E4 + E4; }
extern "C" void solve(const float* A, const float* B, float* C, int N) { int x = ; }
