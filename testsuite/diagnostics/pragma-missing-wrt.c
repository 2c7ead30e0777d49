// A derivative pragma needs wrt(...).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: pragma-missing-wrt.c:[[@LINE+1]]:9: error: 'ck_tangent' needs a wrt(...) clause
#pragma ck_tangent out(y)
void f(double x, double *y)
{
	*y = x * x;
}
