// A name given twice in wrt().
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: wrt-duplicate.c:[[@LINE+1]]:27: error: 'x' is named twice in wrt(...)
#pragma ck_tangent wrt(x, x)
double f(double x)
{
	return x * x;
}
