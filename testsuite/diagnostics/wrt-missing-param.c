// A wrt name that is not a parameter, at the name.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: wrt-missing-param.c:[[@LINE+1]]:27: error: 'z' is not a parameter of 'f'
#pragma ck_tangent wrt(x, z)
double f(double x, double y)
{
	return x * y;
}
