// A wrt name that is not a parameter, at the name.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/wrt-missing-param.c
// RUN: not %ckc %t.adj/wrt-missing-param.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

// CHECK: wrt-missing-param.c:[[@LINE+1]]:27: error: 'z' is not a parameter of 'f'
#pragma ck_tangent wrt(x, z)
double f(double x, double y)
{
	return x * y;
}
