#include "/work/main/judge/settings.py"
#include "../../judge/settings.py"
extern "C" void solve(const float* A, const float* B, float* C, int N) {}
