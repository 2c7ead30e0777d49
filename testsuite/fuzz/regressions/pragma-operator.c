// The C99 _Pragma operator is the macro-friendly spelling of #pragma; ckc
// reads its requests only as #pragma lines, so a request written with
// _Pragma is refused at its location instead of being silently ignored.
// Found while writing testsuite/hostile/ (malformed pragmas).
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: pragma-operator.c:[[@LINE+1]]:17: error: ckc reads its requests only as #pragma lines, not through _Pragma; write #pragma ck_tangent wrt(x) before the function
#define REQUEST _Pragma("ck_tangent wrt(x)")

REQUEST
double f(double x)
{
	return x * x;
}
