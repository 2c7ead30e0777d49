// Two ck_hvp requests for one function would both define f_b_d.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_hvp wrt(x)
// CHECK: hvp-duplicate-request.c:[[@LINE+2]]:9: error: 'f' already has a ck_hvp request
// CHECK: hvp-duplicate-request.c:[[@LINE-2]]:9: note: the first is here
#pragma ck_hvp wrt(y)
double f(double x, double y)
{
	return x * y;
}
