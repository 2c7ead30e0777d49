// Two tangent requests for one function would both define f_d.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
// CHECK: pragma-duplicate-request.c:[[@LINE+2]]:9: error: 'f' already has a ck_tangent request
// CHECK: pragma-duplicate-request.c:[[@LINE-2]]:9: note: the first is here
#pragma ck_tangent wrt(y)
double f(double x, double y)
{
	return x * y;
}
